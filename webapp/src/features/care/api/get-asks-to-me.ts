import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { SupportedAsk } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/supporting/asks`: the open asks to me, refreshed like People I support. */
export function useAsksToMe() {
  return useQuery({
    queryKey: careKeys.asksToMe,
    queryFn: async ({ signal }) => (await apiGet<SupportedAsk[] | null>('/api/supporting/asks', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}
