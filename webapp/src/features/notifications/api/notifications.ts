import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { Channel, ChannelInput, ConfirmedChannel, QuietHours } from '../types'
import { notificationKeys } from './notification-keys'

/** While a test message waits for the delivery worker, look again every few seconds. */
const POLL_MS = 3000

/** `GET /api/channels`. `polling` re-reads while a "Send a test" is on its way. */
export function useChannels({ polling = false }: { polling?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.channels(),
      queryFn: ({ signal }) => apiGet<Channel[]>('/api/channels', { signal }),
      refetchInterval: polling ? POLL_MS : false,
    }),
  )
}

function useInvalidating<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, key: readonly unknown[]) {
  const client = useQueryClient()
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: key }) })
}

/** `POST /api/channels`. */
export function useCreateChannel() {
  return useInvalidating(async (input: ChannelInput) => {
    const res = await apiRequest('POST', '/api/channels', input)
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}

/** `PATCH /api/channels/{id}`: on or off. */
export function useSetChannelEnabled() {
  return useInvalidating(async ({ id, enabled }: { id: number; enabled: boolean }) => {
    const res = await apiRequest('PATCH', `/api/channels/${id}`, { enabled })
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}

/** `DELETE /api/channels/{id}`. */
export function useDeleteChannel() {
  return useInvalidating(deleteChannel, notificationKeys.channels())
}

/** `POST /api/channels/{id}/confirmation` ("Send again"): a new confirmation link for a waiting address. */
export function useResendConfirmation() {
  return useInvalidating(async (id: number) => {
    const res = await apiRequest('POST', `/api/channels/${id}/confirmation`)
    return (await res.json()) as Channel
  }, notificationKeys.channels())
}

/** `POST /api/channels/confirm`: the confirmation link's token, signed in or not. */
export function useConfirmChannel() {
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await apiRequest('POST', '/api/channels/confirm', { token })
      return (await res.json()) as ConfirmedChannel
    },
  })
}

/** `POST /api/channels/{id}/test`: 202, the result shows on the channel later. */
export function useTestChannel() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('POST', `/api/channels/${id}/test`)
    },
  })
}

/** `GET /api/quiet-hours`. */
export function useQuietHours() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.quietHours(),
      queryFn: ({ signal }) => apiGet<QuietHours>('/api/quiet-hours', { signal }),
    }),
  )
}

/** `PUT /api/quiet-hours`. */
export function useSaveQuietHours() {
  return useInvalidating(async (q: QuietHours) => {
    const res = await apiRequest('PUT', '/api/quiet-hours', q)
    return (await res.json()) as QuietHours
  }, notificationKeys.quietHours())
}

/** `GET /api/push/key`: the server's VAPID public key. */
export function getPushKey(): Promise<{ publicKey: string }> {
  return apiGet<{ publicKey: string }>('/api/push/key')
}

/** `POST /api/channels` for this browser's web push: a known endpoint is updated. */
export async function savePushChannel(input: Omit<ChannelInput, 'kind'>): Promise<Channel> {
  const res = await apiRequest('POST', '/api/channels', { kind: 'push', ...input } satisfies ChannelInput)
  return (await res.json()) as Channel
}

/** `DELETE /api/channels/{id}` outside a mutation hook (turning this browser's push off). */
export async function deleteChannel(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/channels/${id}`)
}
