import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { NewShareLink, ShareHours } from '../types'
import { shareKeys } from './share-keys'

/** `POST /api/share-links`. */
export function useCreateShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (hours: ShareHours) => {
      const res = await apiRequest('POST', '/api/share-links', { hours })
      return (await res.json()) as NewShareLink
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list() }),
  })
}
