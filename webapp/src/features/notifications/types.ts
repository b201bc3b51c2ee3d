import type { ApiRequestBody, ApiSchema, Assert, Sendable } from '@/lib/api-schema'

/** One of the person's ways of being told (api/openapi.yaml `Channel`). */
export type Channel = ApiSchema<'Channel'>

/** A channel whose destination kept failing and waits (api/openapi.yaml `ChannelPause`). */
export type ChannelPause = ApiSchema<'ChannelPause'>
export type QuietHours = ApiSchema<'QuietHours'>
/** A browser that gets this person's web push. */
export type PushSubscriptionRow = ApiSchema<'PushSubscription'>

export type ChannelInput = { kind: 'email' | 'webhook'; address: string; ntfy: boolean }

/** What POST /api/push/subscriptions takes: PushSubscription.toJSON() and a label. */
export type PushSubscriptionInput = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  label: string
}

export type DocumentChecks = [
  Assert<Sendable<ChannelInput, ApiRequestBody<'createChannel'>>>,
  Assert<Sendable<PushSubscriptionInput, ApiRequestBody<'savePushSubscription'>>>,
]
