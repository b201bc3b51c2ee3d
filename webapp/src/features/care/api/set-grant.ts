import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { FullGrant, Supporter } from '../types'
import { replaceById } from '../utils/replace-by-id'
import { careKeys } from './care-keys'

/** `PUT /api/supporters/{id}/grant`: replaces what they may see. */
export function useSetGrant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, grant }: { id: number; grant: FullGrant }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/grant`, grant)).json()) as Supporter,
    onSuccess: (saved) => queryClient.setQueryData<Supporter[]>(careKeys.supporters, replaceById(saved)),
  })
}
