import type * as React from 'react'

import { LoadError } from '@/components/load-error'

/** What a list needs of a query (a `useQuery` result fits). */
export type ListQuery<T> = {
  data: readonly T[] | undefined
  isPending: boolean
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

export type QueryListProps<T> = {
  query: ListQuery<T>
  /** Keeps the items the list shows (the channels but a browser's push). */
  select?: (items: readonly T[]) => readonly T[]
  /** The skeleton while the first load runs. */
  loading: React.ReactNode
  /** Why it failed and the retry button's word, from the feature's content.ts. */
  error: { message: string; retryLabel: string; size?: 'default' | 'sm' }
  /** What an empty list says, often with what to do next. */
  empty: React.ReactNode
  /** The items: the caller owns the list's markup (`<ul>` and its label). */
  children: (items: readonly T[]) => React.ReactNode
}

/**
 * The four states of a list from the server: loading, failed (with a retry
 * that waits while it runs), empty, and its items.
 */
export function QueryList<T>({ query, select, loading, error, empty, children }: QueryListProps<T>) {
  if (query.isPending) return loading
  if (query.isError || query.data === undefined) {
    return (
      <LoadError
        size={error.size ?? 'sm'}
        message={error.message}
        retryLabel={error.retryLabel}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  const items = select ? select(query.data) : query.data
  return items.length === 0 ? empty : children(items)
}
