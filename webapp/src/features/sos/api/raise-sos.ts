import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { SosResult } from '../types'
import { sosKeys } from './sos-keys'

/** `POST /api/sos`: 201 with the alert and how many it reaches; 409 for a second one within the minute. */
export async function raiseSos(): Promise<SosResult> {
  return (await (await apiRequest('POST', '/api/sos')).json()) as SosResult
}

export function useRaiseSos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sosKeys.raise(),
    mutationFn: raiseSos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sosKeys.alerts() }),
  })
}
