import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Supporter } from '../types'
import { replaceById } from '../utils/replace-by-id'
import { careKeys } from './care-keys'

/** `PUT /api/supporters/{id}/notes-muted`: the supporter is not told. */
export function useMuteNotes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, muted }: { id: number; muted: boolean }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/notes-muted`, { muted })).json()) as Supporter,
    onSuccess: (saved) => {
      queryClient.setQueryData<Supporter[]>(careKeys.supporters, replaceById(saved))
      return queryClient.invalidateQueries({ queryKey: careKeys.notes })
    },
  })
}
