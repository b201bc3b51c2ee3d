import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Zone, ZoneInput } from '../types'
import { zoneKeys } from './gps-keys'

export type UpdateZoneArgs = { id: number; input: Partial<ZoneInput> }

/** `PATCH /api/safe-zones/{id}`: 200 the zone; 400 per field; 404 when it is not the user's. */
export async function updateZone({ id, input }: UpdateZoneArgs): Promise<Zone> {
  const res = await apiRequest('PATCH', `/api/safe-zones/${encodeURIComponent(String(id))}`, input)
  return (await res.json()) as Zone
}

export function useUpdateZone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: zoneKeys.update(),
    mutationFn: updateZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneKeys.list() }),
  })
}
