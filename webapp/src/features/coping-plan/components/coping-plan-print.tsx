import { PrintSheet } from '@/components/print-sheet'

import { copingPlanText as text, peopleSection, sectionOrder, textSections } from '../content'
import type { CopingPlanInput } from '../types'

const BLANK_LINES = 3

export type CopingPlanPrintProps = {
  /** The plan as it is on screen (saved or not), entries trimmed. */
  plan: CopingPlanInput
}

/** The plan on paper: every section in order, with lines to write on where one is empty. */
export function CopingPlanPrint({ plan }: CopingPlanPrintProps) {
  return (
    <PrintSheet data-coping-plan-print="">
      <h1 className="mb-1 text-2xl font-bold">{text.title}</h1>
      <p className="mb-4 text-sm">{text.crisisLine}</p>
      <ol className="grid gap-4">
        {sectionOrder.map((key) => {
          const meta = key === 'peopleToCall' ? peopleSection : textSections[key]
          const entries =
            key === 'peopleToCall'
              ? plan.peopleToCall.map((c) => (c.phone ? `${c.name}: ${c.phone}` : c.name))
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
