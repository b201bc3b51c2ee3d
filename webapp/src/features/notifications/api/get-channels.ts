import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Channel } from '../types'
import { notificationKeys } from './notification-keys'

/** While a test message waits for the delivery worker, look again every few seconds. */
const POLL_MS = 3000

/** `GET /api/channels`. `polling` re-reads while a "Send a test" is on its way. */
export function useChannels({ polling = false }: { polling?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.channels(),
      queryFn: ({ signal }) => apiGet<Channel[]>('/api/channels', { signal }),
      refetchInterval: polling ? POLL_MS : false,
    }),
  )
}
