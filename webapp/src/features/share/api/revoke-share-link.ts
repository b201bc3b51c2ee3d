import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { shareKeys } from './share-keys'

/** `DELETE /api/share-links/{id}`. */
export function useRevokeShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/share-links/${id}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list() }),
  })
}
