import { ChartLine } from 'lucide-react'
import * as React from 'react'

import { useTheme } from '@/components/theme/use-theme'
import { LoadError } from '@/components/load-error'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

import { useSymptomTrend } from '../api/get-symptom-trend'
import { formText, trendText as text } from '../content'
import { useNarrowScreen } from '../hooks/use-narrow-screen'
import { formatLongDay } from '../utils/format'
import { daysWithSeverity, hasTrendData } from '../utils/trend'

const SymptomTrendCanvas = React.lazy(() => import('./symptom-trend-canvas'))

/**
 * The daily average physical and mental severity of the last 30 days. The
 * chart is drawn by ApexCharts, loaded on demand and only when there is
 * something to draw; a table gives the same numbers to screen readers.
 */
export function SymptomTrend() {
  const headingId = React.useId()
  const { resolvedTheme } = useTheme()
  const trend = useSymptomTrend()
  const narrow = useNarrowScreen()

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <ChartLine aria-hidden="true" className="size-5 text-primary" />
          {text.title}
        </h2>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {trend.isPending ? (
          <Skeleton className="h-60" />
        ) : trend.isError ? (
          <LoadError
            size="sm"
            message={text.loadFailed}
            retryLabel={text.retry}
            onRetry={() => void trend.refetch()}
            retrying={trend.isFetching}
          />
        ) : !hasTrendData(trend.data) ? (
          <p
            className="grid min-h-32 place-items-center rounded-lg bg-muted/60 px-4 py-8 text-center text-sm text-muted-foreground"
            data-testid="symptom-trend-empty"
          >
            {text.empty}
          </p>
        ) : (
          <>
            {/*
              ApexCharts keeps a line's markers hidden until its draw animation ends, and with
              animations off and days between logs (nulls) that end never comes: show them,
              as a lone day's marker is the only mark it has.
            */}
            <div
              aria-hidden="true"
              className="-mx-2 h-60 min-w-0 overflow-hidden [&_.apexcharts-series-markers-wrap]:!opacity-100"
              data-testid="symptom-trend-chart"
            >
              <React.Suspense fallback={<Skeleton className="mx-2 h-60" />}>
                <SymptomTrendCanvas days={trend.data} dark={resolvedTheme === 'dark'} narrow={narrow} />
              </React.Suspense>
            </div>
            <table className="sr-only">
              <caption>{text.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.date}</th>
                  <th scope="col">{text.physical}</th>
                  <th scope="col">{text.mental}</th>
                </tr>
              </thead>
              <tbody>
                {daysWithSeverity(trend.data).map((d) => (
                  <tr key={d.date}>
                    <td>{formatLongDay(d.date)}</td>
                    <td>{d.physicalSeverity === null ? text.none : formText.scaleValue(d.physicalSeverity)}</td>
                    <td>{d.mentalSeverity === null ? text.none : formText.scaleValue(d.mentalSeverity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  )
}
