import { afterEach, describe, expect, it } from 'vitest'

import { conversationStorageKey, loadConversation } from './use-conversation'

describe('loadConversation', () => {
  afterEach(() => window.sessionStorage.clear())

  const key = conversationStorageKey(1)

  it('reads nothing from an empty, broken or foreign value', () => {
    expect(loadConversation(key)).toEqual([])
    window.sessionStorage.setItem(key, '{not json')
    expect(loadConversation(key)).toEqual([])
    window.sessionStorage.setItem(key, JSON.stringify([{ role: 'system', content: 'x' }, 'hello']))
    expect(loadConversation(key)).toEqual([])
  })

  it('marks a question left unanswered by a reload as not delivered', () => {
    window.sessionStorage.setItem(
      key,
      JSON.stringify([
        { id: 'a', role: 'user', content: 'hi', timestamp: '2026-11-22T10:00:00Z' },
        { id: 'b', role: 'assistant', content: 'hello', timestamp: '2026-11-22T10:00:01Z' },
        { id: 'c', role: 'user', content: 'still there?', timestamp: '2026-11-22T10:00:02Z' },
      ]),
    )
    const messages = loadConversation(key)
    expect(messages.map((m) => m.failed ?? false)).toEqual([false, false, true])
  })

  it('keeps an answer’s actions, and drops what is not one', () => {
    const call = { kind: 'call', label: 'Call 988', href: 'tel:988' }
    window.sessionStorage.setItem(
      key,
      JSON.stringify([
        { id: 'a', role: 'user', content: 'I want to die', timestamp: '2026-11-22T10:00:00Z' },
        { id: 'b', role: 'assistant', content: 'Please call', timestamp: '2026-11-22T10:00:01Z', actions: [call, { kind: 'call' }, 'x'] },
        { id: 'c', role: 'assistant', content: 'And', timestamp: '2026-11-22T10:00:02Z', actions: 'none' },
      ]),
    )
    const [, answer, other] = loadConversation(key)
    expect(answer.actions).toEqual([call])
    expect(other.actions).toBeUndefined()
  })

  it('keeps each person’s conversation apart', () => {
    expect(conversationStorageKey(1)).not.toBe(conversationStorageKey(2))
  })
})
