import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ClaimAnswer } from '../types'
import { careKeys } from './care-keys'

/** The steps a supporter takes on an alert they were told of. */
export type ClaimStep = { alertId: number; step: 'claim' | 'hand-back' } | { alertId: number; step: 'resolve'; note: string }

/**
 * `POST /api/supporting/alerts/{id}/claim`, `…/hand-back` and `…/resolve`:
 * the answer says who is on it now; People I support asks again.
 */
export function useClaimStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: careKeys.claim,
    mutationFn: async (s: ClaimStep) =>
      (await (
        await apiRequest('POST', `/api/supporting/alerts/${s.alertId}/${s.step}`, s.step === 'resolve' ? { note: s.note } : undefined)
      ).json()) as ClaimAnswer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.supporting }),
  })
}
