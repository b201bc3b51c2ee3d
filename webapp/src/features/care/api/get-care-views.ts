import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CareView } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/supporters/views`: the audit log, newest first. */
export function useCareViews() {
  return useQuery({
    queryKey: careKeys.views,
    queryFn: async ({ signal }) => (await apiGet<CareView[] | null>('/api/supporters/views', { signal })) ?? [],
  })
}
