import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { NewShareLink, ShareHours, ShareLink, SharedView } from '../types'
import { shareKeys } from './share-keys'

/** `GET /api/share-links`: the live links, newest first. */
export function getShareLinksQueryOptions() {
  return queryOptions({
    queryKey: shareKeys.list(),
    queryFn: ({ signal }) => apiGet<ShareLink[]>('/api/share-links', { signal }),
    // Opens happen elsewhere: ask again whenever the dialog opens.
    staleTime: 0,
  })
}

export function useShareLinks() {
  return useQuery(getShareLinksQueryOptions())
}

/** `POST /api/share-links`. */
export function useCreateShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (hours: ShareHours) => {
      const res = await apiRequest('POST', '/api/share-links', { hours })
      return (await res.json()) as NewShareLink
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list() }),
  })
}

/** `DELETE /api/share-links/{id}`. */
export function useRevokeShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/share-links/${id}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list() }),
  })
}

/** `POST /api/share/view` (public): the first call is an open, later ones refreshes. */
export async function viewShare(token: string, refresh: boolean): Promise<SharedView> {
  const res = await apiRequest('POST', '/api/share/view', { token, refresh })
  return (await res.json()) as SharedView
}
