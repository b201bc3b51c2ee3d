import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CaseloadEntry } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/caseload`: everyone I support, by need, asked again every 15 s (and at once on live events, through `careKeys.supporting`). */
export function getCaseloadQueryOptions() {
  return queryOptions({
    queryKey: careKeys.caseload,
    queryFn: async ({ signal }) => (await apiGet<CaseloadEntry[] | null>('/api/caseload', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}

export function useCaseload() {
  return useQuery(getCaseloadQueryOptions())
}
