import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { InvitationPreview, PersonView, Supported } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/supporting`, asked again every 15 s so a new alert shows up on its own. */
export function useSupporting() {
  return useQuery({
    queryKey: careKeys.supporting,
    queryFn: async ({ signal }) => (await apiGet<PersonView[] | null>('/api/supporting', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}

/** `GET /api/supporting/{id}`: one person, refreshed like the list. */
export function useSupportedPerson(id: number) {
  return useQuery({
    queryKey: careKeys.person(id),
    queryFn: ({ signal }) => apiGet<PersonView>(`/api/supporting/${id}`, { signal }),
    refetchInterval: SUPPORTING_REFETCH_MS,
    retry: false,
  })
}

/** `POST /api/care/accept`: the signed-in account becomes the supporter. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (token: string) =>
      (await (await apiRequest('POST', '/api/care/accept', { token })).json()) as Supported,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporting }),
  })
}

/**
 * `POST /api/care/invitation`: who invites, until when, and whether the
 * invitation is tied to one email address; asked once, without using it.
 */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: careKeys.invitation(token ?? ''),
    queryFn: async () => (await (await apiRequest('POST', '/api/care/invitation', { token })).json()) as InvitationPreview,
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  })
}
