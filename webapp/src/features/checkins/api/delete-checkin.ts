import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { checkinKeys, refreshCheckinData } from './checkin-keys'
import type { UseCheckinChangeOptions } from './update-checkin'

/** `DELETE /api/checkins/{id}`: 204; 404 when it is not there (any more). */
export async function deleteCheckin(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/checkins/${encodeURIComponent(String(id))}`)
}

/** Deletes a check-in, then refreshes everything derived from check-ins before the mutation counts as done. */
export function useDeleteCheckin({ onChanged }: UseCheckinChangeOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: checkinKeys.remove(),
    mutationFn: deleteCheckin,
    onSuccess: async () => {
      await refreshCheckinData(queryClient)
      await onChanged?.()
    },
  })
}
