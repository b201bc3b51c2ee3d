import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ConfirmedChannel } from '../types'

/** `POST /api/channels/confirm`: the confirmation link's token, signed in or not. */
export function useConfirmChannel() {
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await apiRequest('POST', '/api/channels/confirm', { token })
      return (await res.json()) as ConfirmedChannel
    },
  })
}
