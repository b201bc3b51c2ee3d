import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { QuietHours } from '../types'
import { notificationKeys } from './notification-keys'

/** `GET /api/quiet-hours`. */
export function useQuietHours() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.quietHours(),
      queryFn: ({ signal }) => apiGet<QuietHours>('/api/quiet-hours', { signal }),
    }),
  )
}
