import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { notificationKeys } from './notification-keys'

/** `POST /api/channels/{id}/resume`: "Try now". */
export function useResumeChannel() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('POST', `/api/channels/${id}/resume`)
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: notificationKeys.pauses() }), client.invalidateQueries({ queryKey: notificationKeys.channels() })]),
  })
}
