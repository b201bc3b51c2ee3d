import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { ChannelPause } from '../types'
import { notificationKeys } from './notification-keys'

/** A paused channel's line is re-read now and then: a pause ends on its own. */
const PAUSES_STALE_MS = 60_000

export const channelPausesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.pauses(),
    queryFn: ({ signal }) => apiGet<ChannelPause[]>('/api/channels/pauses', { signal }),
    staleTime: PAUSES_STALE_MS,
    refetchInterval: PAUSES_STALE_MS,
  })

/** `GET /api/channels/pauses`: the person's channels whose destination kept failing. */
export function useChannelPauses() {
  return useQuery(channelPausesQueryOptions())
}
