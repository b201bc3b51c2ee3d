import { Skeleton } from '@/components/ui/skeleton'

/** Shown for the moment a form screen takes to load. */
export function FormScreenSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto grid w-full max-w-md gap-4 px-4 py-16">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="mt-4 h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full rounded-full" />
    </div>
  )
}
