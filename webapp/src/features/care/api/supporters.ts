import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { CareView, FullGrant, Invitation, InviteInput, Supporter } from '../types'
import { careKeys } from './care-keys'

/** `GET /api/supporters`: pending invitations and accepted supporters, oldest first. */
export function useSupporters() {
  return useQuery({
    queryKey: careKeys.supporters,
    queryFn: async ({ signal }) => (await apiGet<Supporter[] | null>('/api/supporters', { signal })) ?? [],
  })
}

/** `GET /api/supporters/views`: the audit log, newest first. */
export function useCareViews() {
  return useQuery({
    queryKey: careKeys.views,
    queryFn: async ({ signal }) => (await apiGet<CareView[] | null>('/api/supporters/views', { signal })) ?? [],
  })
}

/** `POST /api/supporters`: the token is in the answer only this once. */
export function useInviteSupporter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: InviteInput) => (await (await apiRequest('POST', '/api/supporters', input)).json()) as Invitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporters, exact: true }),
  })
}

/** `PUT /api/supporters/{id}/grant`: replaces what they may see. */
export function useSetGrant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, grant }: { id: number; grant: FullGrant }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/grant`, grant)).json()) as Supporter,
    onSuccess: (saved) =>
      queryClient.setQueryData<Supporter[]>(careKeys.supporters, (list) => list?.map((s) => (s.id === saved.id ? saved : s))),
  })
}

/** `PUT /api/supporters/{id}/tier`: when they hear of an alert (1 first). */
export function useSetTier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, tier }: { id: number; tier: number }) =>
      (await (await apiRequest('PUT', `/api/supporters/${id}/tier`, { tier })).json()) as Supporter,
    onSuccess: (saved) =>
      queryClient.setQueryData<Supporter[]>(careKeys.supporters, (list) => list?.map((s) => (s.id === saved.id ? saved : s))),
  })
}

/** `DELETE /api/supporters/{id}`: revokes a supporter or a pending invitation. */
export function useRevokeSupporter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/supporters/${id}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.supporters, exact: true }),
  })
}
