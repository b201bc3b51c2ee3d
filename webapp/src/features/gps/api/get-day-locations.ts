import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Location } from '../types'
import type { DayRange } from '../utils/day-range'
import { gpsKeys } from './gps-keys'

/** How many fixes one day's track asks for (the API's maximum). */
export const DAY_LIMIT = 1000

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

/** The URL of one day's fixes: `from` inclusive, `to` exclusive (RFC 3339). */
export function dayLocationsUrl(range: DayRange): string {
  const params = new URLSearchParams({ limit: String(DAY_LIMIT), from: range.from, to: range.to })
  return `/api/gps/locations?${params.toString()}`
}

/** One local day's fixes, newest first as the server sends them. */
export async function getDayLocations(range: DayRange, { signal }: { signal?: AbortSignal } = {}): Promise<Location[]> {
  return (await apiGet<Location[] | null>(dayLocationsUrl(range), { signal })) ?? []
}

export function getDayLocationsQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: gpsKeys.day(range),
    queryFn: ({ signal }) => getDayLocations(range, { signal }),
  })
}

export function useDayLocations(range: DayRange) {
  return useQuery(getDayLocationsQueryOptions(range))
}
