import { PrintSheet } from '@/components/print-sheet'

import { LIFELINE_988, professionalsSection, safetyPlanText as text, sectionOrder, textSections } from '../content'
import type { SafetyPlan } from '../types'
import { ownProfessionals } from '../utils/plan-form'

const BLANK_LINES = 3

export type SafetyPlanPrintProps = {
  plan: SafetyPlan
}

/** The plan on paper: every step, with blank lines to write on where a step is empty. */
export function SafetyPlanPrint({ plan }: SafetyPlanPrintProps) {
  return (
    <PrintSheet data-safety-plan-print="">
      <h1 className="mb-1 text-2xl font-bold">{text.title}</h1>
      <p className="mb-4 text-sm">{text.emergencyLine}</p>
      <ol className="grid gap-4">
        {sectionOrder.map((key) => {
          const meta = key === 'professionals' ? professionalsSection : textSections[key]
          const entries =
            key === 'professionals'
              ? [LIFELINE_988, ...ownProfessionals(plan)].map((c) => (c.phone ? `${c.name}: ${c.phone}` : c.name))
              : plan[key]
          return (
            <li key={key} className="break-inside-avoid">
              <h2 className="font-bold">
                {meta.step}. {meta.title}
              </h2>
              <p className="mb-1 text-xs italic">{meta.hint}</p>
              <ul className="list-disc pl-6">
                {entries.map((entry, i) => (
                  <li key={i}>{entry}</li>
                ))}
                {entries.length === 0 &&
                  Array.from({ length: BLANK_LINES }, (_, i) => (
                    <li key={i} className="list-none border-b border-black/40 pt-5" aria-hidden="true" />
                  ))}
              </ul>
            </li>
          )
        })}
      </ol>
      <p className="mt-6 text-xs">{text.printedFrom}</p>
    </PrintSheet>
  )
}
