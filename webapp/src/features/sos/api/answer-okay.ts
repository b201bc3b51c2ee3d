import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ActionableAlert } from '../types'
import { sosKeys } from './sos-keys'

/** `POST /api/alerts/{id}/ok`: the wearer's "I'm okay"; the alert comes back with okayAt. */
export async function answerOkay(id: number): Promise<ActionableAlert> {
  return (await (await apiRequest('POST', `/api/alerts/${encodeURIComponent(String(id))}/ok`)).json()) as ActionableAlert
}

export function useAnswerOkay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sosKeys.okay(),
    mutationFn: answerOkay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sosKeys.alerts() }),
  })
}
