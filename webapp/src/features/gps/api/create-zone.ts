import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Zone, ZoneInput } from '../types'
import { zoneKeys } from './gps-keys'

/** `POST /api/safe-zones`: 201 the zone; 400 with `fields` per bad input. */
export async function createZone(input: ZoneInput): Promise<Zone> {
  const res = await apiRequest('POST', '/api/safe-zones', input)
  return (await res.json()) as Zone
}

export function useCreateZone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: zoneKeys.create(),
    mutationFn: createZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneKeys.list() }),
  })
}
