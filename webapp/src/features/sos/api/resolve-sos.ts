import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { OpenSos, SosAlert } from '../types'
import { sosKeys } from './sos-keys'

/** `POST /api/sos/{id}/safe`: "I'm safe now"; the SOS comes back closed (again the same for a second tap). */
export async function resolveSos(id: number): Promise<SosAlert> {
  return (await (await apiRequest('POST', `/api/sos/${encodeURIComponent(String(id))}/safe`)).json()) as SosAlert
}

/** Closes the SOS here at once; the alert list refetches (a closed SOS is read). */
export function useResolveSos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sosKeys.safe(),
    mutationFn: resolveSos,
    onSuccess: (closed) => {
      queryClient.setQueryData<OpenSos | null>(sosKeys.open(), (open) => (open?.alert.id === closed.id ? null : open))
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sosKeys.open(), exact: true }),
        queryClient.invalidateQueries({ queryKey: sosKeys.alerts() }),
      ])
    },
  })
}
