import * as React from 'react'

import { STORED_MESSAGES_MAX } from '../content'
import type { ChatAction, ChatMessage } from '../types'

/*
 * The conversation lives in sessionStorage, keyed by user: it survives a
 * reload in the same tab, and is gone when the tab closes. On a shared or
 * family device that is the safer choice for a conversation this personal
 * (localStorage would keep it for the next person to open the browser), and
 * the screen has a Clear conversation button too. The server keeps nothing.
 */
export function conversationStorageKey(userId: number | string): string {
  return `lifeline:chat:v1:${userId}`
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false
  const m = value as Record<string, unknown>
  return (
    typeof m.id === 'string' &&
    (m.role === 'user' || m.role === 'assistant') &&
    typeof m.content === 'string' &&
    typeof m.timestamp === 'string'
  )
}

function isAction(value: unknown): value is ChatAction {
  if (typeof value !== 'object' || value === null) return false
  const a = value as Record<string, unknown>
  return typeof a.kind === 'string' && typeof a.label === 'string'
}

/** A stored message as the screen shows it: anything but a list of actions under `actions` is dropped. */
function withActions(m: ChatMessage): ChatMessage {
  const actions: unknown = m.actions
  if (actions === undefined) return m
  if (!Array.isArray(actions)) return { ...m, actions: undefined }
  return { ...m, actions: actions.filter(isAction) }
}

export function loadConversation(key: string): ChatMessage[] {
  try {
    const raw = window.sessionStorage.getItem(key)
    if (!raw) return []
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return []
    const messages = parsed.filter(isMessage).map(withActions)
    // Reloaded while waiting for a reply: the question went unanswered, so offer to send it again.
    const lastMessage = messages.at(-1)
    if (lastMessage?.role === 'user') messages[messages.length - 1] = { ...lastMessage, failed: true }
    return messages
  } catch {
    return []
  }
}

function saveConversation(key: string, messages: ChatMessage[]) {
  try {
    if (messages.length === 0) window.sessionStorage.removeItem(key)
    else window.sessionStorage.setItem(key, JSON.stringify(messages.slice(-STORED_MESSAGES_MAX)))
  } catch {
    // Storage full or blocked (private mode): the conversation still works, it just won't survive a reload.
  }
}

let nextId = 0
export function newMessage(role: ChatMessage['role'], content: string, actions?: ChatAction[]): ChatMessage {
  nextId += 1
  const message: ChatMessage = { id: `${Date.now().toString(36)}-${nextId}`, role, content, timestamp: new Date().toISOString() }
  return actions && actions.length > 0 ? { ...message, actions } : message
}

/** The conversation after the greeting, kept in this tab's sessionStorage under `storageKey`. */
export function useConversation(storageKey: string) {
  const [messages, setMessages] = React.useState<ChatMessage[]>(() => loadConversation(storageKey))

  React.useEffect(() => {
    saveConversation(storageKey, messages)
  }, [storageKey, messages])

  const append = React.useCallback((message: ChatMessage) => setMessages((prev) => [...prev, message]), [])
  const markFailed = React.useCallback(
    (id: string) => setMessages((prev) => prev.map((m) => (m.id === id ? { ...m, failed: true } : m))),
    [],
  )
  const remove = React.useCallback((id: string) => setMessages((prev) => prev.filter((m) => m.id !== id)), [])
  const clear = React.useCallback(() => setMessages([]), [])

  return { messages, append, markFailed, remove, clear }
}
