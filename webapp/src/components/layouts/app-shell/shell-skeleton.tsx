import { Skeleton } from '@/components/ui/skeleton'

/** What a screen shows while the session is still loading: the outline of the shell, no content. */
export function ShellSkeleton() {
  return (
    <div role="status" aria-busy="true" className="min-h-dvh bg-shell">
      <span className="sr-only">Loading…</span>
      <div className="fixed inset-y-0 left-0 hidden w-72 border-r bg-background p-4 lg:block">
        <Skeleton className="h-9 w-32" />
        <Skeleton className="mt-8 h-16 w-full rounded-xl" />
        <div className="mt-6 grid gap-3">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      </div>
      <div className="flex h-14 items-center gap-3 border-b bg-background px-4 lg:hidden">
        <Skeleton className="size-9" />
        <Skeleton className="h-6 w-28" />
      </div>
      <div className="lg:pl-72">
        <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="mt-3 h-5 w-80 max-w-full" />
          <div className="mt-8 grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-32 rounded-xl" />
            <Skeleton className="h-32 rounded-xl" />
            <Skeleton className="h-48 rounded-xl sm:col-span-2" />
          </div>
        </div>
      </div>
    </div>
  )
}
