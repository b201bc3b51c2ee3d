import { useQuery } from '@tanstack/react-query'
import * as React from 'react'

import { readApiError } from '@/lib/api-client'

import { shareKeys } from '../api/share-keys'
import { viewShare } from '../api/view-share'

/** How often the public page asks again. */
export const SHARE_REFRESH_MS = 15_000

/**
 * The public page's data: asks once (an open the wearer sees), then every
 * 15 s (refreshes); stops for good once the link is gone (404).
 */
export function useSharedView(token: string | null, refreshMs: number = SHARE_REFRESH_MS) {
  const opened = React.useRef(false)
  const query = useQuery({
    queryKey: shareKeys.view(token ?? ''),
    enabled: token !== null,
    queryFn: async () => {
      const view = await viewShare(token ?? '', opened.current)
      opened.current = true
      return view
    },
    retry: (count, error) => readApiError(error)?.status !== 404 && count < 2,
    refetchInterval: (q) => (readApiError(q.state.error)?.status === 404 ? false : refreshMs),
    refetchOnWindowFocus: false,
  })
  const gone = readApiError(query.error)?.status === 404
  return { ...query, gone }
}
