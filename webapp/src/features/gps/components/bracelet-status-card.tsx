import { Battery, Crosshair, Clock, Watch } from 'lucide-react'

import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

import { gpsText } from '../content'
import type { Location } from '../types'
import { formatDateTime } from '../utils/format'

export type BraceletStatusCardProps = {
  latest: Location | null | undefined
  isPending?: boolean
  timeZone?: string
}

/** The badge's words: Bracelet, a phone app's name, or Manual (the browser). */
function sourceLabel(source: string): string {
  if (source === 'bracelet') return gpsText.status.bracelet
  return gpsText.status.phoneApps[source] ?? gpsText.status.manual
}

/** docs/spec.md Bracelet Status: last update, battery, accuracy and the source badge. */
export function BraceletStatusCard({ latest, isPending = false, timeZone }: BraceletStatusCardProps) {
  const text = gpsText.status
  return (
    <Card className="gap-3" data-testid="bracelet-status" aria-busy={isPending}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 leading-tight font-semibold whitespace-nowrap">
          <Watch aria-hidden="true" className="size-4 text-primary" />
          {text.title}
        </h2>
        {latest && (
          <Badge variant={latest.source === 'bracelet' ? 'default' : 'secondary'} data-testid="source-badge">
            {sourceLabel(latest.source)}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : !latest ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <dl className="grid gap-2 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt className="flex items-center gap-1.5 text-muted-foreground">
                <Clock aria-hidden="true" className="size-3.5" />
                {text.lastUpdate}
              </dt>
              <dd className="text-right font-medium" data-testid="status-last-update">
                <time dateTime={latest.timestamp}>{formatDateTime(latest.timestamp, timeZone)}</time>
              </dd>
            </div>
            {latest.batteryLevel !== null && latest.batteryLevel !== undefined && (
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Battery aria-hidden="true" className="size-3.5" />
                  {text.battery}
                </dt>
                <dd className="font-medium" data-testid="status-battery">
                  {latest.batteryLevel}%
                </dd>
              </div>
            )}
            {latest.accuracy !== null && latest.accuracy !== undefined && (
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Crosshair aria-hidden="true" className="size-3.5" />
                  {text.accuracy}
                </dt>
                <dd className="font-medium" data-testid="status-accuracy">
                  {text.accuracyValue(latest.accuracy)}
                </dd>
              </div>
            )}
            <div className="flex items-center justify-between gap-3">
              <dt className="text-muted-foreground">{text.coordinates}</dt>
              <dd className="font-mono text-xs" data-testid="status-coordinates">
                {latest.latitude.toFixed(5)}, {latest.longitude.toFixed(5)}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  )
}
