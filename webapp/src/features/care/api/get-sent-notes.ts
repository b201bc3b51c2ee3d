import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { SentNote } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/supporting/{id}/notes`: what I sent this person. */
export function useSentNotes(personId: number) {
  return useQuery({
    queryKey: careKeys.sentNotes(personId),
    queryFn: async ({ signal }) =>
      (await apiGet<SentNote[] | null>(`/api/supporting/${personId}/notes`, { signal })) ?? [],
  })
}
