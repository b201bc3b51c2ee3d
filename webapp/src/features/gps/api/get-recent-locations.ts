import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Location } from '../types'
import { gpsKeys } from './gps-keys'

/** `GET /api/gps/locations`: the newest 100 locations, newest first. */
export async function getRecentLocations({ signal }: { signal?: AbortSignal } = {}): Promise<Location[]> {
  return (await apiGet<Location[] | null>('/api/gps/locations', { signal })) ?? []
}

export function getRecentLocationsQueryOptions() {
  return queryOptions({
    queryKey: gpsKeys.recent(),
    queryFn: ({ signal }) => getRecentLocations({ signal }),
  })
}

export function useRecentLocations() {
  return useQuery(getRecentLocationsQueryOptions())
}
