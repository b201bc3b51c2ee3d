import { Skeleton } from '@/components/ui/skeleton'

import { checkinText } from '../content'

/** docs/spec.md: the check-in screen's placeholder while the session or today's check-in loads. */
export function CheckinSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto grid w-full max-w-3xl gap-6">
      <span className="sr-only">{checkinText.loading}</span>
      <div className="grid gap-3">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-80 rounded-xl" />
      <Skeleton className="h-40 rounded-xl" />
    </div>
  )
}
