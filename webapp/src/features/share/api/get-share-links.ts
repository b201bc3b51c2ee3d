import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { ShareLink } from '../types'
import { shareKeys } from './share-keys'

/** `GET /api/share-links`: the live links, newest first. */
export function getShareLinksQueryOptions() {
  return queryOptions({
    queryKey: shareKeys.list(),
    queryFn: ({ signal }) => apiGet<ShareLink[]>('/api/share-links', { signal }),
    // Opens happen elsewhere: ask again whenever the dialog opens.
    staleTime: 0,
  })
}

export function useShareLinks() {
  return useQuery(getShareLinksQueryOptions())
}
