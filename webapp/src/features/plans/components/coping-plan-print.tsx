import { copingPlanText as text, copingSectionOrder, copingTextSections, peopleSection } from '../content'
import type { CopingPlanInput } from '../types'
import { PrintedPlan } from './printed-plan'

export type CopingPlanPrintProps = {
  /** The plan as it is on screen (saved or not), entries trimmed. */
  plan: CopingPlanInput
}

/** The plan on paper: every section in order, with lines to write on where one is empty. */
export function CopingPlanPrint({ plan }: CopingPlanPrintProps) {
  const sections = copingSectionOrder.map((key) => {
    const meta = key === 'peopleToCall' ? peopleSection : copingTextSections[key]
    const entries =
      key === 'peopleToCall' ? plan.peopleToCall.map((c) => (c.phone ? `${c.name}: ${c.phone}` : c.name)) : plan[key]
    return { step: meta.step, title: meta.title, hint: meta.hint, entries }
  })
  return (
    <PrintedPlan
      data-coping-plan-print=""
      title={text.title}
      note={text.crisisLine}
      sections={sections}
      footer={text.printedFrom}
    />
  )
}
