import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, keepPreviousData } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CheckIn, CheckInListParams, DateRange } from '../types'
import { checkinKeys } from './checkin-keys'

/** The history screen reads this many check-ins per page. */
export const HISTORY_PAGE_SIZE = 20

/** `/api/checkins?limit=&before=&from=&to=`, leaving out what is not set. */
export function checkinsUrl(params: CheckInListParams = {}): string {
  const query = new URLSearchParams()
  if (params.limit !== undefined) query.set('limit', String(params.limit))
  if (params.before) query.set('before', params.before)
  if (params.from) query.set('from', params.from)
  if (params.to) query.set('to', params.to)
  const search = query.toString()
  return search ? `/api/checkins?${search}` : '/api/checkins'
}

/** The server may send null for an empty list; the screens always get arrays. */
export function normalizeCheckIn(c: CheckIn): CheckIn {
  return {
    ...c,
    moodDescription: c.moodDescription ?? '',
    triggers: c.triggers ?? [],
    triggerDescription: c.triggerDescription ?? '',
    substanceDetails: c.substanceDetails ?? '',
    copingStrategies: c.copingStrategies ?? [],
    notes: c.notes ?? '',
  }
}

/** `GET /api/checkins`: the user's check-ins, newest first. */
export async function getCheckins(
  params: CheckInListParams = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckIn[]> {
  const list = await apiGet<CheckIn[] | null>(checkinsUrl(params), { signal })
  return (list ?? []).map(normalizeCheckIn)
}

export function getCheckinsQueryOptions(params: CheckInListParams = {}) {
  return queryOptions({
    queryKey: checkinKeys.list(params),
    queryFn: ({ signal }) => getCheckins(params, { signal }),
  })
}

export type UseCheckinsOptions = {
  /** Keep showing the previous result while another one loads (the calendar's months). */
  keepPrevious?: boolean
}

export function useCheckins(params: CheckInListParams = {}, { keepPrevious = false }: UseCheckinsOptions = {}) {
  return useQuery({
    ...getCheckinsQueryOptions(params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
}

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
