import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { Channel, ChannelInput, PushSubscriptionInput, PushSubscriptionRow, QuietHours } from '../types'

export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => [...notificationKeys.all, 'channels'] as const,
  pauses: () => [...notificationKeys.all, 'channels', 'pauses'] as const,
  quietHours: () => [...notificationKeys.all, 'quiet-hours'] as const,
  pushKey: () => [...notificationKeys.all, 'push-key'] as const,
  pushSubscriptions: () => [...notificationKeys.all, 'push-subscriptions'] as const,
}

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
  return useInvalidating(async (id: number) => {
    await apiRequest('DELETE', `/api/channels/${id}`)
  }, notificationKeys.channels())
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

/** `GET /api/push/subscriptions`. */
export function usePushSubscriptions({ polling = false }: { polling?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.pushSubscriptions(),
      queryFn: ({ signal }) => apiGet<PushSubscriptionRow[]>('/api/push/subscriptions', { signal }),
      refetchInterval: polling ? POLL_MS : false,
    }),
  )
}

/** `GET /api/push/key`: the server's VAPID public key. */
export function getPushKey(): Promise<{ publicKey: string }> {
  return apiGet<{ publicKey: string }>('/api/push/key')
}

/** `POST /api/push/subscriptions`. */
export async function savePushSubscription(input: PushSubscriptionInput): Promise<PushSubscriptionRow> {
  const res = await apiRequest('POST', '/api/push/subscriptions', input)
  return (await res.json()) as PushSubscriptionRow
}

/** `DELETE /api/push/subscriptions/{id}`. */
export async function deletePushSubscription(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/push/subscriptions/${id}`)
}

/** `POST /api/push/subscriptions/{id}/test`. */
export function useTestPush() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('POST', `/api/push/subscriptions/${id}/test`)
    },
  })
}
