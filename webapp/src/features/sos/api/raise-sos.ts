import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { OpenSos, SosPosition, SosResult } from '../types'
import { sosKeys } from './sos-keys'

/**
 * `POST /api/sos`: 201 with the alert, the end of its window and how many it
 * reaches; 409 for a second one within the minute. A position, when the
 * browser gave one, is stored before anyone is told.
 */
export async function raiseSos(position?: SosPosition | null): Promise<SosResult> {
  return (await (await apiRequest('POST', '/api/sos', position ?? undefined)).json()) as SosResult
}

export function useRaiseSos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sosKeys.raise(),
    mutationFn: raiseSos,
    onSuccess: ({ alert, sharingUntil }) => {
      const open: OpenSos = { alert, sharingUntil }
      queryClient.setQueryData(sosKeys.open(), open)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sosKeys.alerts() }),
        queryClient.invalidateQueries({ queryKey: sosKeys.open(), exact: true }),
      ]),
  })
}
