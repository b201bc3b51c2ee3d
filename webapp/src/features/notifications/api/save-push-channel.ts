import { apiRequest } from '@/lib/api-client'

import type { Channel, ChannelInput } from '../types'

/** `POST /api/channels` for this browser's web push: a known endpoint is updated. */
export async function savePushChannel(input: Omit<ChannelInput, 'kind'>): Promise<Channel> {
  const res = await apiRequest('POST', '/api/channels', { kind: 'push', ...input } satisfies ChannelInput)
  return (await res.json()) as Channel
}
