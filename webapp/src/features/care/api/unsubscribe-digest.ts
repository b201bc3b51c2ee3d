import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { DigestUnsubscribed } from '../types'

/** `POST /api/digest/unsubscribe?token=…`: the email's one-click unsubscribe, from its public page. */
export function useUnsubscribeDigest() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await (await apiRequest('POST', `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`)).json()) as DigestUnsubscribed,
  })
}
