import type { ApiResponse, ApiSchema } from '@/lib/api-schema'

/** One button under an assistant's answer (api/openapi.yaml `ChatAction`): what the person can do right away. */
export type ChatAction = ApiSchema<'ChatAction'>

/** `POST /api/chatbot`'s answer: the words, the concern the safety layer heard, and its actions. */
export type ChatAnswer = ApiResponse<'chatbot', 200>

/** docs/spec.md §3 chat message (client only), plus whether sending it failed and an answer's actions. */
export type ChatMessage = {
  id: string
  role: 'user' | 'assistant'
  content: string
  /** ISO 8601. */
  timestamp: string
  /** A user message the server never answered; it can be sent again. */
  failed?: boolean
  /** The answer's actions, shown as buttons under it (kept with the conversation). */
  actions?: ChatAction[]
}

/** One earlier turn sent as context (api/openapi.yaml `ChatMessage`). */
export type ChatTurn = ApiSchema<'ChatMessage'>
