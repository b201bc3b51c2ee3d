import type { ApiSchema } from '@/lib/api-schema'

/** docs/spec.md §3 chat message (client only), plus whether sending it failed. */
export type ChatMessage = {
  id: string
  role: 'user' | 'assistant'
  content: string
  /** ISO 8601. */
  timestamp: string
  /** A user message the server never answered; it can be sent again. */
  failed?: boolean
}

/** One earlier turn sent as context (api/openapi.yaml `ChatMessage`). */
export type ChatTurn = ApiSchema<'ChatMessage'>
