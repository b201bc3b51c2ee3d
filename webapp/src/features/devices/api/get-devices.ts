import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Device } from '../types'
import { deviceKeys } from './device-keys'

/** `GET /api/devices`: the user's bracelets with health and the battery estimate. */
export async function getDevices({ signal }: { signal?: AbortSignal } = {}): Promise<Device[]> {
  return (await apiGet<Device[] | null>('/api/devices', { signal })) ?? []
}

export function getDevicesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.list(),
    queryFn: ({ signal }) => getDevices({ signal }),
  })
}

export function useDevices() {
  return useQuery(getDevicesQueryOptions())
}
