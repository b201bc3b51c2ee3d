import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { careKeys } from './care-keys'

/** `DELETE /api/supporters/{id}`: revokes a supporter or a pending invitation. */
export function useRevokeSupporter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/supporters/${id}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporters, exact: true }),
  })
}
