import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Invitation, InviteInput } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/supporters`: the token is in the answer only this once. */
export function useInviteSupporter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: InviteInput) => (await (await apiRequest('POST', '/api/supporters', input)).json()) as Invitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporters, exact: true }),
  })
}
