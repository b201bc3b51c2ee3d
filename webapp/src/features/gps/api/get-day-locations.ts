import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Location } from '../types'
import type { DayRange } from '../utils/day-range'
import { gpsKeys } from './gps-keys'

/** How many fixes one day's track asks for (the API's maximum). */
export const DAY_LIMIT = 1000

/** The URL of one day's fixes: `from` inclusive, `to` exclusive (RFC 3339). */
export function dayLocationsUrl(range: DayRange): string {
  const params = new URLSearchParams({ limit: String(DAY_LIMIT), from: range.from, to: range.to })
  return `/api/gps/locations?${params.toString()}`
}

/** `GET /api/gps/locations?from=&to=`: one local day's fixes, newest first as the server sends them. */
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
