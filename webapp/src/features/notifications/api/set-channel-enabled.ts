import { apiRequest } from '@/lib/api-client'

import { useInvalidatingMutation } from '../hooks/use-invalidating-mutation'
import type { Channel } from '../types'
import { notificationKeys } from './notification-keys'

/** `PATCH /api/channels/{id}`: on or off. */
export function useSetChannelEnabled() {
  return useInvalidatingMutation(async ({ id, enabled }: { id: number; enabled: boolean }) => {
    const res = await apiRequest('PATCH', `/api/channels/${id}`, { enabled })
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}
