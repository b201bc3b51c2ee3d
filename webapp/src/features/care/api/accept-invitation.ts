import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Supported } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/care/accept`: the signed-in account becomes the supporter. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (token: string) =>
      (await (await apiRequest('POST', '/api/care/accept', { token })).json()) as Supported,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporting }),
  })
}
