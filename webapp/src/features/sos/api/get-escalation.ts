import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest, queryKeyToUrl } from '@/lib/api-client'

import type { EscalationSettings, EscalationSettingsInput } from '../types'
import { sosKeys } from './sos-keys'

export function useEscalation() {
  return useQuery({
    queryKey: sosKeys.escalation(),
    queryFn: ({ signal }) => apiGet<EscalationSettings>(queryKeyToUrl(sosKeys.escalation()), { signal }),
  })
}

/** `PUT /api/escalation`: the saved settings come back. */
export function useSaveEscalation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...sosKeys.escalation(), 'save'],
    mutationFn: async (settings: EscalationSettingsInput) =>
      (await (await apiRequest('PUT', '/api/escalation', settings)).json()) as EscalationSettings,
    onSuccess: (saved) => queryClient.setQueryData(sosKeys.escalation(), saved),
  })
}
