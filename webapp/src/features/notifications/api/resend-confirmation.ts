import { apiRequest } from '@/lib/api-client'

import { useInvalidatingMutation } from '../hooks/use-invalidating-mutation'
import type { Channel } from '../types'
import { notificationKeys } from './notification-keys'

/** `POST /api/channels/{id}/confirmation` ("Send again"): a new confirmation link for a waiting address. */
export function useResendConfirmation() {
  return useInvalidatingMutation(async (id: number) => {
    const res = await apiRequest('POST', `/api/channels/${id}/confirmation`)
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}
