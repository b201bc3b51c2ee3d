import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Supporter } from '../types'
import { replaceById } from '../utils/replace-by-id'
import { careKeys } from './care-keys'

/** `PUT /api/supporters/{id}/tier`: when they hear of an alert (1 first). */
export function useSetTier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, tier }: { id: number; tier: number }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/tier`, { tier })).json()) as Supporter,
    onSuccess: (saved) => queryClient.setQueryData<Supporter[]>(careKeys.supporters, replaceById(saved)),
  })
}
