import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Ask } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/asks/open`: the wearer's open ask, or null; live `ask` events refetch it. */
export function useOpenAsk() {
  return useQuery({
    queryKey: careKeys.openAsk,
    queryFn: ({ signal }) => apiGet<Ask | null>('/api/asks/open', { signal }),
  })
}
