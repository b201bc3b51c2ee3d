import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { PersonView } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/supporting`, asked again every 15 s so a new alert shows up on its own. */
export function useSupporting() {
  return useQuery({
    queryKey: careKeys.supporting,
    queryFn: async ({ signal }) => (await apiGet<PersonView[] | null>('/api/supporting', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}
