import { describe, expect, it } from 'vitest'

import type { ChatMessage } from '../types'
import { toHistory } from './history'

const msg = (i: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: String(i),
  role: i % 2 === 0 ? 'user' : 'assistant',
  content: `m${i}`,
  timestamp: '2026-11-22T10:00:00Z',
  ...overrides,
})

describe('toHistory', () => {
  it('sends the last 12 answered turns, oldest first, as role and content only', () => {
    const messages = Array.from({ length: 20 }, (_, i) => msg(i))
    const history = toHistory(messages)
    expect(history).toHaveLength(12)
    expect(history[0]).toEqual({ role: 'user', content: 'm8' })
    expect(history.at(-1)).toEqual({ role: 'assistant', content: 'm19' })
  })

  it('leaves out messages that were never delivered', () => {
    expect(toHistory([msg(0, { failed: true }), msg(1), msg(2)])).toEqual([
      { role: 'assistant', content: 'm1' },
      { role: 'user', content: 'm2' },
    ])
  })
})
