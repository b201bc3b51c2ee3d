import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CareNote } from '../types'
import { careKeys } from './care-keys'

/** A note arrives live (the `note` event); this refetch catches one a dropped stream missed. */
export const NOTES_REFETCH_MS = 60_000

/** `GET /api/notes`: notes from my supporters, newest first. */
export function useNotes() {
  return useQuery({
    queryKey: careKeys.notes,
    queryFn: async ({ signal }) => (await apiGet<CareNote[] | null>('/api/notes', { signal })) ?? [],
    refetchInterval: NOTES_REFETCH_MS,
  })
}
