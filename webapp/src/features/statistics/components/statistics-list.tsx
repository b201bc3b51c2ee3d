import { BarChart3, Settings } from 'lucide-react'

import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { useStatistics } from '../api/get-statistics'
import { statisticsText as text } from '../content'
import { StatisticCard } from './statistic-card'

/** docs/spec.md §9: six skeleton cards while the statistics load. */
export const STATISTICS_SKELETON_CARDS = 6

const grid = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3'

/** The statistics grid: skeletons, then the cards, an empty state, or an error with a retry. */
export function StatisticsList() {
  const statistics = useStatistics()

  if (statistics.isPending) return <StatisticsSkeleton />
  if (statistics.isError) {
    return (
      <LoadError message={text.loadFailed} retryLabel={text.retry} onRetry={() => void statistics.refetch()} retrying={statistics.isFetching} />
    )
  }
  if (statistics.data.length === 0) {
    return (
      <EmptyState
        size="screen"
        icon={BarChart3}
        message={text.empty}
        hint={
          <span className="inline-flex items-center gap-1.5">
            <Settings aria-hidden="true" className="size-4 shrink-0" />
            {text.emptyHint}
          </span>
        }
      />
    )
  }
  return (
    <ul aria-label={text.listLabel} className={grid}>
      {statistics.data.map((s) => (
        <li key={s.id}>
          <StatisticCard statistic={s} />
        </li>
      ))}
    </ul>
  )
}

export function StatisticsSkeleton() {
  return (
    <div role="status" aria-busy="true" className={grid}>
      <span className="sr-only">{text.loading}</span>
      {Array.from({ length: STATISTICS_SKELETON_CARDS }, (_, i) => (
        <div key={i} data-testid="statistic-skeleton-card" className="grid gap-3 rounded-xl border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-5 w-12 rounded-full" />
          </div>
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-9 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="mt-2 h-3 w-2/3" />
        </div>
      ))}
    </div>
  )
}
