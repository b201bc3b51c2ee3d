import type { ApiRequestBody, ApiSchema, Assert, Sendable } from '@/lib/api-schema'

/** One of the person's ways of being told (api/openapi.yaml `Channel`): email, webhook, ntfy or a browser's push. */
export type Channel = ApiSchema<'Channel'>

/** A channel whose destination kept failing and waits (api/openapi.yaml `ChannelPause`). */
export type ChannelPause = ApiSchema<'ChannelPause'>
export type QuietHours = ApiSchema<'QuietHours'>

/**
 * What `POST /api/channels` takes. A browser's push channel is its
 * PushSubscription.toJSON()'s endpoint (the address) and keys, and a label.
 */
export type ChannelInput = {
  kind: 'email' | 'webhook' | 'push'
  address: string
  ntfy?: boolean
  keys?: { p256dh: string; auth: string }
  label?: string
}

/** What the confirmation link's page is told. */
export type ConfirmedChannel = { address: string }

/** An email address waits for its owner to open the confirmation link. */
export function waitingForConfirmation(c: Channel): boolean {
  return c.kind === 'email' && c.confirmedAt === null
}

export type DocumentChecks = [
  Assert<Sendable<ChannelInput, ApiRequestBody<'createChannel'>>>,
  Assert<Sendable<{ token: string }, ApiRequestBody<'confirmChannel'>>>,
]
