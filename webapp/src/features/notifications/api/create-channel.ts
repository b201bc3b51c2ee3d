import { apiRequest } from '@/lib/api-client'

import { useInvalidatingMutation } from '../hooks/use-invalidating-mutation'
import type { Channel, ChannelInput } from '../types'
import { notificationKeys } from './notification-keys'

/** `POST /api/channels`. */
export function useCreateChannel() {
  return useInvalidatingMutation(async (input: ChannelInput) => {
    const res = await apiRequest('POST', '/api/channels', input)
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}
