import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { CheckIn } from '../types'
import { normalizeCheckIn } from '../utils/normalize-checkin'
import { checkinKeys } from './checkin-keys'

/** `GET /api/checkins/today`: today's check-in (the user's local date), or null. Truthy means done. */
export async function getTodayCheckin({ signal }: { signal?: AbortSignal } = {}): Promise<CheckIn | null> {
  const checkin = await apiGet<CheckIn | null>(queryKeyToUrl(checkinKeys.today()), { signal })
  return checkin ? normalizeCheckIn(checkin) : null
}

export function getTodayCheckinQueryOptions() {
  return queryOptions({
    queryKey: checkinKeys.today(),
    queryFn: ({ signal }) => getTodayCheckin({ signal }),
    retry: false,
  })
}

export function useTodayCheckin() {
  return useQuery(getTodayCheckinQueryOptions())
}
