import { HeartHandshake } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent } from '@/components/ui/card'

import { recoveryText } from '../content'
import type { Stats } from '../types'
import { SoberDate } from './sober-date'

export type RecoveryDaysProps = {
  stats: Pick<Stats, 'daysSinceSubstanceUse' | 'substanceUseReported' | 'soberDate' | 'useSinceSoberDate'>
  /** The person's local date today (the latest sober date there can be). */
  today: string
  /** The check-in history, where a check-in is corrected. */
  historyPath: string
}

/**
 * Issue 4b: days since the sober date the person set, or without one, since
 * substance use was last reported (or, when it never was, since the first
 * check-in), worded without shame. A slip restarts the count without a
 * sober date only; the check-in streak and history stay (docs/api.md,
 * "Recovery days").
 */
export function RecoveryDays({ stats, today, historyPath }: RecoveryDaysProps) {
  const headingId = React.useId()
  const days = stats.daysSinceSubstanceUse
  const reported = stats.substanceUseReported
  const sober = stats.soberDate !== null

  let note: string | null
  if (sober) note = null // the sober date says what the count is from
  else if (days === null) note = recoveryText.none
  else if (reported) note = days === 0 ? recoveryText.usedToday : recoveryText.sinceUseNote
  else note = days === 0 ? recoveryText.trackedToday : recoveryText.trackedNote

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="grid gap-1">
        <div className="flex items-start gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <HeartHandshake aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
              {recoveryText.title}
            </h2>
            {days !== null && (
              <p className="mt-0.5" data-testid="recovery-days">
                <span className="text-4xl font-bold tracking-tight tabular-nums">{days}</span>{' '}
                <span className="text-lg font-medium">{recoveryText.days(days)}</span>{' '}
                <span className="block text-sm font-medium sm:inline">
                  {sober ? recoveryText.soberLabel : reported ? recoveryText.sinceUseLabel : recoveryText.trackedLabel}
                </span>
              </p>
            )}
            {note && <p className="mt-1 text-sm text-muted-foreground">{note}</p>}
          </div>
        </div>
        {/* Full width: the date field and the offer's buttons need the room on a phone. */}
        <SoberDate stats={stats} today={today} historyPath={historyPath} />
      </CardContent>
    </Card>
  )
}
