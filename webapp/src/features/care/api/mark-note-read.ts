import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { CareNote } from '../types'
import { replaceById } from '../utils/replace-by-id'
import { careKeys } from './care-keys'

/** `PATCH /api/notes/{id}/read`. */
export function useMarkNoteRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('PATCH', `/api/notes/${id}/read`)).json()) as CareNote,
    onSuccess: (saved) => queryClient.setQueryData<CareNote[]>(careKeys.notes, replaceById(saved)),
  })
}
