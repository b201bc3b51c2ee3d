import { PrintedPlan } from '@/components/print-sheet'

import { LIFELINE_988, professionalsSection, safetyPlanText as text, sectionOrder, textSections } from '../content'
import type { SafetyPlan } from '../types'
import { ownProfessionals } from '../utils/plan-form'

export type SafetyPlanPrintProps = {
  plan: SafetyPlan
}

/** The plan on paper: every step, with blank lines to write on where a step is empty. */
export function SafetyPlanPrint({ plan }: SafetyPlanPrintProps) {
  const sections = sectionOrder.map((key) => {
    const meta = key === 'professionals' ? professionalsSection : textSections[key]
    const entries =
      key === 'professionals'
        ? [LIFELINE_988, ...ownProfessionals(plan)].map((c) => (c.phone ? `${c.name}: ${c.phone}` : c.name))
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
