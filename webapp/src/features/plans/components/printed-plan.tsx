import { PrintSheet, type PrintSheetProps } from '@/components/print-sheet'

export type PrintedPlanSection = {
  step: number
  title: string
  hint: string
  entries: string[]
}

export type PrintedPlanProps = Omit<PrintSheetProps, 'title'> & {
  title: string
  /** The line under the title (the crisis numbers). */
  note: string
  sections: PrintedPlanSection[]
  footer: string
}

/** Blank lines to write on under a section that is still empty. */
const BLANK_LINES = 3

/** A plan on paper (the safety and coping plans): numbered sections, with lines to write on where one is empty. */
export function PrintedPlan({ title, note, sections, footer, ...props }: PrintedPlanProps) {
  return (
    <PrintSheet {...props}>
      <h1 className="mb-1 text-2xl font-bold">{title}</h1>
      <p className="mb-4 text-sm">{note}</p>
      <ol className="grid gap-4">
        {sections.map((section) => (
          <li key={section.step} className="break-inside-avoid">
            <h2 className="font-bold">
              {section.step}. {section.title}
            </h2>
            <p className="mb-1 text-xs italic">{section.hint}</p>
            <ul className="list-disc pl-6">
              {section.entries.map((entry, i) => (
                <li key={i}>{entry}</li>
              ))}
              {section.entries.length === 0 &&
                Array.from({ length: BLANK_LINES }, (_, i) => (
                  <li key={i} className="list-none border-b border-black/40 pt-5" aria-hidden="true" />
                ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs">{footer}</p>
    </PrintSheet>
  )
}
