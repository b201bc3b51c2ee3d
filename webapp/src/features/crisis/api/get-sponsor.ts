import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Sponsor } from '../types'
import { crisisKeys } from './crisis-keys'

/**
 * `GET /api/sponsor`: who "my sponsor" is, by the server's one rule (the
 * contact marked sponsor, an emergency contact first; never a hotline), with
 * the tel: link that dials them; null while there is none.
 */
export async function getSponsor({ signal }: { signal?: AbortSignal } = {}): Promise<Sponsor | null> {
  const body = await apiGet<{ sponsor: Sponsor | null }>('/api/sponsor', { signal })
  return body.sponsor
}

export function getSponsorQueryOptions() {
  return queryOptions({
    queryKey: crisisKeys.sponsor(),
    queryFn: ({ signal }) => getSponsor({ signal }),
  })
}

export function useSponsor() {
  return useQuery(getSponsorQueryOptions())
}
