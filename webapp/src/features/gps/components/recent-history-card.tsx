import { History } from 'lucide-react'

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

import { gpsText, HISTORY_SKELETON_ROWS, RECENT_HISTORY_COUNT } from '../content'
import type { Location } from '../types'
import { formatDate, formatTime } from '../utils/format'

export type RecentHistoryCardProps = {
  locations: readonly Location[] | undefined
  isPending?: boolean
  isError?: boolean
  timeZone?: string
}

/** docs/spec.md Recent History: the first 10 locations (time, date, battery), scrolling at 300 px. */
export function RecentHistoryCard({ locations, isPending = false, isError = false, timeZone }: RecentHistoryCardProps) {
  const text = gpsText.history
  const shown = (locations ?? []).slice(0, RECENT_HISTORY_COUNT)
  return (
    <Card className="gap-3" data-testid="recent-history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-4 text-primary" />
          {text.title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-2" aria-label={text.loading} role="status">
            {Array.from({ length: HISTORY_SKELETON_ROWS }, (_, i) => (
              <Skeleton key={i} data-testid="history-skeleton" className="h-12 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">{text.failed}</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <ul
            className="grid max-h-[300px] gap-2 overflow-y-auto pr-1"
            tabIndex={0}
            aria-label={text.title}
            data-testid="history-list"
          >
            {shown.map((location) => (
              <li
                key={`${location.id}-${location.timestamp}`}
                data-testid="history-row"
                className="flex items-center justify-between gap-3 rounded-lg border bg-background/60 px-3 py-2 text-sm"
              >
                <div className="grid">
                  <time dateTime={location.timestamp} className="font-medium">
                    {formatTime(location.timestamp, timeZone)}
                  </time>
                  <span className="text-xs text-muted-foreground">{formatDate(location.timestamp, timeZone)}</span>
                </div>
                {location.batteryLevel !== null && location.batteryLevel !== undefined && (
                  <span className="text-xs font-medium text-muted-foreground">
                    {text.battery(location.batteryLevel)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
