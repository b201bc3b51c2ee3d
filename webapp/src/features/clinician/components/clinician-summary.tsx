import { dateTimeFormat } from '@/lib/date-format'
import { cn } from '@/lib/utils'

import { clinicianText } from '../content'
import type { ClinicianSummary, SummaryRow } from '../utils/summary'

export type ClinicianSummaryViewProps = {
  summary: ClinicianSummary
  /** Today, as the person's calendar says it. */
  madeOn: Date
  timeZone: string
  /** On paper the summary is the page (h1); on screen a preview inside its card (h3). */
  paper?: boolean
}

/** The one-page summary: each questionnaire's latest score and band, a short trend table, its source. */
export function ClinicianSummaryView({ summary, madeOn, timeZone, paper = false }: ClinicianSummaryViewProps) {
  const text = clinicianText.summary
  const date = (at: string | Date) => dateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(at))
  const Title = paper ? 'h1' : 'h3'
  const Instrument = paper ? 'h2' : 'h4'
  const pad = paper ? 'py-0.5' : 'py-1'
  return (
    <article className={cn('grid', paper ? 'gap-2.5 text-[9pt] leading-tight' : 'gap-4')} data-clinician-summary="">
      <header>
        <Title className={cn('font-bold', paper ? 'text-[14pt]' : 'text-lg')}>{text.heading}</Title>
        {summary.name && <p className="font-medium">{text.forPerson(summary.name)}</p>}
        <p className={cn(!paper && 'text-sm text-muted-foreground')}>{text.madeOn(date(madeOn))}</p>
      </header>
      {summary.instruments.map((instrument) => {
        const [latest] = instrument.rows
        return (
          <section key={instrument.title} className={cn('grid break-inside-avoid', paper ? 'gap-1' : 'gap-1.5')}>
            <Instrument className={cn('font-semibold', paper && 'text-[10.5pt]')}>{instrument.title}</Instrument>
            <p className={cn(!paper && 'text-sm')}>
              <span className="font-medium">{text.latest}</span> ({date(latest.takenAt)}): {scoreText(latest)}
            </p>
            <table className={cn('border-collapse text-left', paper ? 'w-auto' : 'w-full text-sm')}>
              <caption className="sr-only">{instrument.title}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className={cn(pad, 'pr-6 font-medium')}>
                    {text.columns.date}
                  </th>
                  <th scope="col" className={cn(pad, 'pr-6 font-medium')}>
                    {text.columns.score}
                  </th>
                  <th scope="col" className={cn(pad, 'font-medium')}>
                    {text.columns.band}
                  </th>
                </tr>
              </thead>
              <tbody>
                {instrument.rows.map((row) => (
                  <tr key={row.takenAt} className="border-b border-border/60 align-top">
                    <td className={cn(pad, 'pr-6 whitespace-nowrap')}>{date(row.takenAt)}</td>
                    <td className={cn(pad, 'pr-6')}>
                      {row.parts.length === 0 ? row.score : row.parts.map((p) => <div key={p.label}>{`${p.label} ${p.score}`}</div>)}
                    </td>
                    <td className={pad}>{row.parts.length === 0 ? row.band : row.parts.map((p) => <div key={p.label}>{p.band}</div>)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={cn(paper ? 'text-[7.5pt]' : 'text-xs text-muted-foreground')}>
              {text.timesTaken(instrument.count, instrument.rows.length)} {text.source} {instrument.citation}
            </p>
          </section>
        )
      })}
      <p className={cn('italic', paper ? 'text-[8pt]' : 'text-xs text-muted-foreground')}>{text.disclaimer}</p>
    </article>
  )
}

/** "27, Severe symptoms of depression", or each part's score and band (BAM). */
function scoreText(row: SummaryRow): string {
  if (row.parts.length === 0) return row.band ? `${row.score}, ${row.band}` : String(row.score)
  return row.parts.map((p) => `${p.label} ${p.score} (${p.band})`).join('; ')
}
