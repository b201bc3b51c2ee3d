import { Crown, Flame, Leaf, Sprout, TreeDeciduous, type LucideIcon } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'

import { streakText } from '../content'
import { nextMilestone, streakTier, tierProgress, type StreakIcon } from '../utils/streak'

/** docs/spec.md §4: seedling, leaf, tree, fire, crown as the streak grows. */
const icons: Record<StreakIcon, LucideIcon> = {
  seedling: Sprout,
  leaf: Leaf,
  tree: TreeDeciduous,
  fire: Flame,
  crown: Crown,
}

export type StreakCounterProps = {
  days: number
}

/** The check-in streak with its tier, icon, next milestone and progress within the tier. */
export function StreakCounter({ days }: StreakCounterProps) {
  const headingId = React.useId()
  const tier = streakTier(days)
  const next = nextMilestone(days)
  const progress = tierProgress(days)
  const Icon = icons[tier.icon]

  return (
    <Card role="region" aria-labelledby={headingId} className="gap-5" data-tier={tier.id} data-icon={tier.icon}>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary/12 text-primary">
            <Icon aria-hidden="true" className="size-7" data-testid={`streak-icon-${tier.icon}`} />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
              {streakText.title}
            </h2>
            <p className="mt-0.5 flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="streak-days">
                {days}
              </span>
              <span className="text-lg font-medium">{streakText.days(days)}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{tier.message}</p>
          </div>
        </div>
        <div className="grid gap-2">
          {next ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span>
                <span className="text-muted-foreground">{streakText.nextMilestone}: </span>
                <span className="font-medium">{streakText.milestoneLabel(next.label, next.days)}</span>
              </span>
              <span className="text-muted-foreground">{streakText.toGo(next.remaining)}</span>
            </div>
          ) : (
            <p className="text-sm font-semibold text-primary">{streakText.legend}</p>
          )}
          <Progress
            value={Math.round(progress)}
            aria-label={next ? streakText.progressLabel(next.label) : streakText.topTierProgress}
          />
        </div>
      </CardContent>
    </Card>
  )
}
