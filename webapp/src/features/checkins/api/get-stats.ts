import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { Stats } from '../types'
import { checkinKeys } from './checkin-keys'

/** `GET /api/stats`: streak, weekly count, averages and days since substance use (docs/api.md). */
export function getStats({ signal }: { signal?: AbortSignal } = {}): Promise<Stats> {
  return apiGet<Stats>(queryKeyToUrl(checkinKeys.stats()), { signal })
}

export function getStatsQueryOptions() {
  return queryOptions({
    queryKey: checkinKeys.stats(),
    queryFn: ({ signal }) => getStats({ signal }),
  })
}

export function useStats() {
  return useQuery(getStatsQueryOptions())
}
