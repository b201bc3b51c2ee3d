import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ActionableAlert } from '../types'
import { sosKeys } from './sos-keys'

/** `POST /api/alerts/{id}/ok`: the wearer's "I'm okay"; the alert comes back with okayAt. */
export async function answerOkay(id: number): Promise<ActionableAlert> {
  return (await (await apiRequest('POST', `/api/alerts/${encodeURIComponent(String(id))}/ok`)).json()) as ActionableAlert
}

/**
 * The server also marks the alert read, so the next fetch of the list drops
 * it; until then the cached list keeps it, now with okayAt, so the wearer
 * sees "You said you're okay at HH:MM". Its details (who was told) refetch.
 */
export function useAnswerOkay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: sosKeys.okay(),
    mutationFn: answerOkay,
    onSuccess: (answered) => {
      queryClient.setQueryData<ActionableAlert[]>(sosKeys.alerts(), (list) =>
        list?.map((a) => (a.id === answered.id ? { ...a, okayAt: answered.okayAt } : a)),
      )
      return queryClient.invalidateQueries({ queryKey: sosKeys.alert(answered.id) })
    },
  })
}
