import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ClaimAnswer } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/claim-links/claim`: a one-tap link's "I'm on it", signed in or not. */
export function useClaimByLink() {
  return useMutation({
    mutationKey: careKeys.claimLink,
    mutationFn: async (token: string) => (await (await apiRequest('POST', '/api/claim-links/claim', { token })).json()) as ClaimAnswer,
  })
}
