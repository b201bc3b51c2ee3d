import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Supporter } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/supporters`: pending invitations and accepted supporters, oldest first. */
export function useSupporters() {
  return useQuery({
    queryKey: careKeys.supporters,
    queryFn: async ({ signal }) => (await apiGet<Supporter[] | null>('/api/supporters', { signal })) ?? [],
  })
}
