import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CrisisContact } from '../types'
import { crisisKeys } from './crisis-keys'

/** `GET /api/crisis-contacts`: emergency contacts first, then by name. */
export async function getContacts({ signal }: { signal?: AbortSignal } = {}): Promise<CrisisContact[]> {
  const list = await apiGet<CrisisContact[] | null>('/api/crisis-contacts', { signal })
  return (list ?? []).map((c) => ({ ...c, relationship: c.relationship ?? '' }))
}

/** docs/spec.md §7: only when signed in, no retry (the query client never retries). */
export function getContactsQueryOptions() {
  return queryOptions({
    queryKey: crisisKeys.contacts(),
    queryFn: ({ signal }) => getContacts({ signal }),
  })
}

export function useContacts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getContactsQueryOptions(), enabled })
}
