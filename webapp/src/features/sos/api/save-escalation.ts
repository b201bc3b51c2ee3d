import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { EscalationSettings, EscalationSettingsInput } from '../types'
import { sosKeys } from './sos-keys'

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
