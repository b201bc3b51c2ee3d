import { HISTORY_TURNS } from '../content'
import type { ChatMessage, ChatTurn } from '../types'

/** The last turns the server answered (failed messages left out), oldest first, as context for the next message. */
export function toHistory(messages: readonly ChatMessage[], limit = HISTORY_TURNS): ChatTurn[] {
  return messages
    .filter((m) => !m.failed)
    .slice(-limit)
    .map((m) => ({ role: m.role, content: m.content }))
}
