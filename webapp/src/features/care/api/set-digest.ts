import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Supported } from '../types'
import { careKeys } from './care-keys'

/** `PUT /api/supporting/{id}/digest`: my weekly summary of this person, on or off. */
export function useSetDigest(personId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (digest: boolean) =>
      (await (await apiRequest('PUT', `/api/supporting/${personId}/digest`, { digest })).json()) as Supported,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careKeys.supporting, exact: true }),
        queryClient.invalidateQueries({ queryKey: careKeys.person(personId) }),
      ]),
  })
}
