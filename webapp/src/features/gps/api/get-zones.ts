import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Zone } from '../types'
import { zoneKeys } from './gps-keys'

/** `GET /api/safe-zones`: the user's safe and avoid zones (issue 6 contract). */
export async function getZones({ signal }: { signal?: AbortSignal } = {}): Promise<Zone[]> {
  return (await apiGet<Zone[] | null>('/api/safe-zones', { signal })) ?? []
}

export function getZonesQueryOptions() {
  return queryOptions({
    queryKey: zoneKeys.list(),
    queryFn: ({ signal }) => getZones({ signal }),
  })
}

export function useZones() {
  return useQuery(getZonesQueryOptions())
}
