import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { NotePreset } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/notes/presets`: the ready-made notes, in the server's words. */
export function useNotePresets() {
  return useQuery({
    queryKey: careKeys.notePresets,
    queryFn: async ({ signal }) => (await apiGet<NotePreset[] | null>('/api/notes/presets', { signal })) ?? [],
    staleTime: Infinity,
  })
}
