import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Location } from '../types'
import { gpsKeys } from './gps-keys'

/** `GET /api/gps/latest`: the newest location, or null. */
export function getLatestLocation({ signal }: { signal?: AbortSignal } = {}): Promise<Location | null> {
  return apiGet<Location | null>('/api/gps/latest', { signal })
}

export function getLatestLocationQueryOptions() {
  return queryOptions({
    queryKey: gpsKeys.latest(),
    queryFn: ({ signal }) => getLatestLocation({ signal }),
  })
}

export function useLatestLocation() {
  return useQuery(getLatestLocationQueryOptions())
}
