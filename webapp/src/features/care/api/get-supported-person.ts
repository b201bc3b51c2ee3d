import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { PersonView } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/supporting/{id}`: one person, refreshed like the list. */
export function useSupportedPerson(id: number) {
  return useQuery({
    queryKey: careKeys.person(id),
    queryFn: ({ signal }) => apiGet<PersonView>(`/api/supporting/${id}`, { signal }),
    refetchInterval: SUPPORTING_REFETCH_MS,
    retry: false,
  })
}
