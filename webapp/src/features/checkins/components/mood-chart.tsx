import { ChartLine } from 'lucide-react'
import * as React from 'react'

import { useTheme } from '@/components/theme/use-theme'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useInView } from '@/hooks/use-in-view'

import { moodChartText } from '../content'
import type { CheckIn } from '../types'
import { formatLongDate } from '../utils/dates'
import { formatOneDecimal, moodSummary } from '../utils/summaries'

const MoodChartCanvas = React.lazy(() => import('./mood-chart-canvas'))

export type MoodChartProps = {
  /** Check-ins in any order; the chart takes the latest 7. */
  checkins: readonly CheckIn[]
}

/**
 * docs/spec.md Dashboard: the mood of the latest 7 check-ins, oldest first, with
 * the low, the high and the average (one decimal). The chart is drawn by
 * ApexCharts (≈ 150 kB gzip), loaded only once the chart comes into view: on a
 * phone, where it sits below the first screen, the dashboard draws and answers
 * taps without waiting for it. A table gives the same numbers to screen readers.
 */
export function MoodChart({ checkins }: MoodChartProps) {
  const headingId = React.useId()
  const { resolvedTheme } = useTheme()
  const summary = React.useMemo(() => moodSummary(checkins), [checkins])
  const [chartRef, chartSeen] = useInView<HTMLDivElement>()

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <ChartLine aria-hidden="true" className="size-5 text-primary" />
          {moodChartText.title}
        </h2>
        <CardDescription>{moodChartText.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        {summary.points.length === 0 ? (
          <p className="grid min-h-40 place-items-center rounded-lg bg-muted/60 px-4 py-10 text-center text-sm text-muted-foreground">
            {moodChartText.empty}
          </p>
        ) : (
          <>
            <div ref={chartRef} aria-hidden="true" className="-mx-2 h-60 min-w-0 overflow-hidden" data-testid="mood-chart">
              {chartSeen ? (
                <React.Suspense fallback={<Skeleton className="mx-2 h-60" />}>
                  <MoodChartCanvas points={summary.points} average={summary.average} dark={resolvedTheme === 'dark'} />
                </React.Suspense>
              ) : (
                <Skeleton className="mx-2 h-60" />
              )}
            </div>
            <table className="sr-only">
              <caption>{moodChartText.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{moodChartText.date}</th>
                  <th scope="col">{moodChartText.series}</th>
                </tr>
              </thead>
              <tbody>
                {summary.points.map((p) => (
                  <tr key={p.date}>
                    <td>{formatLongDate(p.date)}</td>
                    <td>{p.mood}/10</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="grid grid-cols-3 gap-3 text-center">
              {[
                [moodChartText.low, summary.low === null ? '—' : String(summary.low)],
                [moodChartText.high, summary.high === null ? '—' : String(summary.high)],
                [moodChartText.average, formatOneDecimal(summary.average)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg bg-muted/60 px-3 py-2.5" data-testid={`mood-${label.toLowerCase()}`}>
                  <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  )
}
