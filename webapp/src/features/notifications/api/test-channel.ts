import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

/** `POST /api/channels/{id}/test`: 202, the result shows on the channel later. */
export function useTestChannel() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('POST', `/api/channels/${id}/test`)
    },
  })
}
