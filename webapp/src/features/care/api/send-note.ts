import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { SendNoteInput, SentNote } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/supporting/{id}/notes`. */
export function useSendNote(personId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SendNoteInput) =>
      (await (await apiRequest('POST', `/api/supporting/${personId}/notes`, input)).json()) as SentNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.sentNotes(personId) }),
  })
}
