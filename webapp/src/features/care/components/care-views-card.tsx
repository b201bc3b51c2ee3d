import * as React from 'react'

import { LoadError } from '@/components/load-error'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatClock } from '@/lib/date-format'

import { useCareViews } from '../api/get-care-views'
import { careText } from '../content'
import { formatDateTime } from '../utils/format'

/** True when a visit's last look fell on another minute than its first. */
function lasted(from: string, until: string | undefined): until is string {
  return until !== undefined && Math.floor(Date.parse(until) / 60_000) !== Math.floor(Date.parse(from) / 60_000)
}

/** The audit log: who looked at what, and when (newest first), one line a viewing session. */
export function CareViewsCard({ timeZone }: { timeZone?: string }) {
  const text = careText.views
  const views = useCareViews()
  const headingId = React.useId()
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="care-views">
      <CardHeader>
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {text.title}
        </h2>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </CardHeader>
      <CardContent>
        {views.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : views.isError ? (
          <LoadError size="sm" message={text.loadError} retryLabel={careText.circle.retry} onRetry={() => void views.refetch()} />
        ) : views.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul className="grid max-h-80 gap-2 overflow-y-auto text-sm">
            {views.data.map((v, i) => (
              <li key={`${v.supporterId}-${v.what}-${v.viewedAt}-${i}`} data-testid="care-view" className="flex flex-wrap justify-between gap-x-4">
                <span>{text.line(v.name, text.what[v.what] ?? v.what)}</span>
                <span className="text-muted-foreground">
                  {lasted(v.viewedAt, v.lastViewedAt) ? (
                    text.during(formatDateTime(v.viewedAt, timeZone), formatClock(v.lastViewedAt, timeZone))
                  ) : (
                    <time dateTime={v.viewedAt}>{formatDateTime(v.viewedAt, timeZone)}</time>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
