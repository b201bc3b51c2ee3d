import { CalendarCheck, Flame, Smile, Waves, type LucideIcon } from 'lucide-react'
import * as React from 'react'

import { Card } from '@/components/ui/card'

import { statsText } from '../content'
import type { Stats } from '../types'
import { formatOneDecimal } from '../utils/summaries'

export type StatCardsProps = {
  stats: Pick<Stats, 'streakDays' | 'weeklyCheckins' | 'avgMood' | 'avgCravings'>
}

type StatCard = { label: string; value: string; hint: string; icon: LucideIcon; empty?: boolean }

/** docs/spec.md Dashboard: streak days, weekly check-ins out of 7, average mood, average cravings. */
export function StatCards({ stats }: StatCardsProps) {
  const headingId = React.useId()
  const cards: StatCard[] = [
    { label: statsText.streak, value: statsText.streakValue(stats.streakDays), hint: '', icon: Flame },
    { label: statsText.weekly, value: statsText.weeklyValue(stats.weeklyCheckins), hint: statsText.lastSevenDays, icon: CalendarCheck },
    {
      label: statsText.avgMood,
      value: formatOneDecimal(stats.avgMood, statsText.none),
      hint: stats.avgMood === null ? statsText.lastSevenDays : `${statsText.outOfTen} · ${statsText.lastSevenDays}`,
      icon: Smile,
      empty: stats.avgMood === null,
    },
    {
      label: statsText.avgCravings,
      value: formatOneDecimal(stats.avgCravings, statsText.none),
      hint: stats.avgCravings === null ? statsText.lastSevenDays : `${statsText.outOfTen} · ${statsText.lastSevenDays}`,
      icon: Waves,
      empty: stats.avgCravings === null,
    },
  ]
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {statsText.region}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, hint, icon: Icon, empty }) => (
          <Card key={label} className="gap-2 px-4 py-4 sm:px-5" data-testid="stat-card">
            {/* dt and dd sit straight inside the card's div, the one wrapper a dl allows. */}
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
              {label}
              <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            </dt>
            <dd className="text-2xl font-bold tracking-tight tabular-nums">
              {empty ? (
                <>
                  <span aria-hidden="true">{value}</span>
                  <span className="sr-only">{statsText.noneLabel}</span>
                </>
              ) : (
                value
              )}
            </dd>
            {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  )
}
