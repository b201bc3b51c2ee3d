import { apiRequest } from '@/lib/api-client'

import { useInvalidatingMutation } from '../hooks/use-invalidating-mutation'
import type { QuietHours } from '../types'
import { notificationKeys } from './notification-keys'

/** `PUT /api/quiet-hours`. */
export function useSaveQuietHours() {
  return useInvalidatingMutation(async (q: QuietHours) => {
    const res = await apiRequest('PUT', '/api/quiet-hours', q)
    return (await res.json()) as QuietHours
  }, notificationKeys.quietHours())
}
