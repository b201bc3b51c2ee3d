import { LIFELINE_988, professionalsSection, safetyPlanText as text, safetySectionOrder, safetyTextSections } from '../content'
import type { SafetyPlan } from '../types'
import { ownContacts } from '../utils/plan-form'
import { safetyPlanShape } from '../utils/plan-shapes'
import { PrintedPlan } from './printed-plan'

export type SafetyPlanPrintProps = {
  plan: SafetyPlan
}

/** The plan on paper: every step, with blank lines to write on where a step is empty. */
export function SafetyPlanPrint({ plan }: SafetyPlanPrintProps) {
  const sections = safetySectionOrder.map((key) => {
    const meta = key === 'professionals' ? professionalsSection : safetyTextSections[key]
    const entries =
      key === 'professionals'
        ? [LIFELINE_988, ...ownContacts(safetyPlanShape, plan)].map((c) => (c.phone ? `${c.name}: ${c.phone}` : c.name))
        : plan[key]
    return { step: meta.step, title: meta.title, hint: meta.hint, entries }
  })
  return (
    <PrintedPlan
      data-safety-plan-print=""
      title={text.title}
      note={text.emergencyLine}
      sections={sections}
      footer={text.printedFrom}
    />
  )
}
