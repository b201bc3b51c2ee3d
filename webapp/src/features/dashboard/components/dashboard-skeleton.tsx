import { Skeleton } from '@/components/ui/skeleton'

import { dashboardText } from '../content'

/** docs/spec.md Dashboard: the loading skeleton, in the shape of what follows. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <span className="sr-only">{dashboardText.loading}</span>
      <div className="grid gap-3">
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-5 w-44" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-44 rounded-xl" />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
      <Skeleton className="h-56 rounded-xl" />
    </div>
  )
}
