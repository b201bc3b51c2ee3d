import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { CareNote, NotePreset, SendNoteInput, SentNote, Supporter } from '../types'
import { careKeys } from './care-keys'

/** How often the dashboard asks for new notes, so one arrives without a reload. */
export const NOTES_REFETCH_MS = 60_000

/** `GET /api/notes`: notes from my supporters, newest first. */
export function useNotes() {
  return useQuery({
    queryKey: careKeys.notes,
    queryFn: async ({ signal }) => (await apiGet<CareNote[] | null>('/api/notes', { signal })) ?? [],
    refetchInterval: NOTES_REFETCH_MS,
  })
}

/** `PATCH /api/notes/{id}/read`. */
export function useMarkNoteRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('PATCH', `/api/notes/${id}/read`)).json()) as CareNote,
    onSuccess: (saved) =>
      queryClient.setQueryData<CareNote[]>(careKeys.notes, (list) => list?.map((n) => (n.id === saved.id ? saved : n))),
  })
}

/** `GET /api/notes/presets`: the ready-made notes, in the server's words. */
export function useNotePresets() {
  return useQuery({
    queryKey: careKeys.notePresets,
    queryFn: async ({ signal }) => (await apiGet<NotePreset[] | null>('/api/notes/presets', { signal })) ?? [],
    staleTime: Infinity,
  })
}

/** `GET /api/supporting/{id}/notes`: what I sent this person. */
export function useSentNotes(personId: number) {
  return useQuery({
    queryKey: careKeys.sentNotes(personId),
    queryFn: async ({ signal }) =>
      (await apiGet<SentNote[] | null>(`/api/supporting/${personId}/notes`, { signal })) ?? [],
  })
}

/** `POST /api/supporting/{id}/notes`. */
export function useSendNote(personId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SendNoteInput) =>
      (await (await apiRequest('POST', `/api/supporting/${personId}/notes`, input)).json()) as SentNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.sentNotes(personId) }),
  })
}

/** `PUT /api/supporters/{id}/notes-muted`: the supporter is not told. */
export function useMuteNotes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, muted }: { id: number; muted: boolean }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/notes-muted`, { muted })).json()) as Supporter,
    onSuccess: (saved) => {
      queryClient.setQueryData<Supporter[]>(careKeys.supporters, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
      return queryClient.invalidateQueries({ queryKey: careKeys.notes })
    },
  })
}
