import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'

import type { DateRange } from '../types'
import { checkinKeys } from './checkin-keys'
import { getCheckins } from './get-checkins'

/** The history screen reads this many check-ins per page. */
export const HISTORY_PAGE_SIZE = 20

/** The whole history in pages of HISTORY_PAGE_SIZE, paging back with `before` = the last date received. */
export function getCheckinHistoryQueryOptions(range: DateRange = {}) {
  return infiniteQueryOptions({
    queryKey: checkinKeys.history(range),
    queryFn: ({ pageParam, signal }) =>
      getCheckins({ ...range, limit: HISTORY_PAGE_SIZE, before: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length < HISTORY_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.date,
  })
}

export function useCheckinHistory(range: DateRange = {}) {
  return useInfiniteQuery(getCheckinHistoryQueryOptions(range))
}
