import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import { SUPPORTING_REFETCH_MS } from '../content'
import type { CaseloadEntry } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/caseload`: everyone I support, by need, asked again every 15 s (and at once on live events, through `careKeys.supporting`). */
export function useCaseload() {
  return useQuery({
    queryKey: careKeys.caseload,
    queryFn: async ({ signal }) => (await apiGet<CaseloadEntry[] | null>('/api/caseload', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}
