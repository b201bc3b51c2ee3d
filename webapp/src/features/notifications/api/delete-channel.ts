import { apiRequest } from '@/lib/api-client'

import { useInvalidatingMutation } from '../hooks/use-invalidating-mutation'
import { notificationKeys } from './notification-keys'

/** `DELETE /api/channels/{id}`; also called outside the hook (turning this browser's push off). */
export async function deleteChannel(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/channels/${id}`)
}

export function useDeleteChannel() {
  return useInvalidatingMutation(deleteChannel, notificationKeys.channels())
}
