import { ArrowRight, CalendarCheck } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Card, CardContent, CardHeader } from '@/components/ui/card'

import { recentText, RECENT_ACTIVITY_COUNT } from '../content'
import type { CheckIn } from '../types'
import { relativeDay } from '../utils/dates'
import { previewText } from '../utils/summaries'

export type RecentActivitiesProps = {
  /** Check-ins, newest first; the first three are shown. */
  checkins: readonly CheckIn[]
  today: string
  /** Where View All goes (`/checkins`). */
  viewAllPath: string
}

/** docs/spec.md Dashboard: at most 3 check-ins with a 50-character mood preview, and View All. */
export function RecentActivities({ checkins, today, viewAllPath }: RecentActivitiesProps) {
  const headingId = React.useId()
  const shown = checkins.slice(0, RECENT_ACTIVITY_COUNT)
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {recentText.title}
        </h2>
        <Link
          href={viewAllPath}
          aria-label={recentText.viewAllLabel}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-primary outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {recentText.viewAll}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="rounded-lg bg-muted/60 px-4 py-6 text-center text-sm text-muted-foreground">{recentText.empty}</p>
        ) : (
          <ul className="grid gap-2" aria-label={recentText.title}>
            {shown.map((c) => {
              const preview = previewText(c.moodDescription)
              return (
                <li key={c.id} className="flex items-start gap-3 rounded-lg border bg-background/60 px-3 py-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
                    <CalendarCheck aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <p className="font-medium">{recentText.activity}</p>
                      <p className="text-xs text-muted-foreground">
                        <time dateTime={c.date}>{relativeDay(c.date, today)}</time>
                      </p>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {recentText.mood(c.mood)} · {recentText.cravings(c.cravingIntensity)}
                    </p>
                    <p className={preview ? 'mt-1 text-sm break-words' : 'mt-1 text-sm text-muted-foreground italic'}>
                      {preview || recentText.noDescription}
                    </p>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
