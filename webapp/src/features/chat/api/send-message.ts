import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ChatTurn } from '../types'
import { chatKeys } from './chat-keys'

export type SendMessageInput = {
  message: string
  /** Earlier turns, oldest first, not including `message`. */
  history: ChatTurn[]
}

/** `POST /api/chatbot` `{message, history}` → the reply, read from `response`. */
export async function sendMessage(input: SendMessageInput): Promise<string> {
  const res = await apiRequest('POST', '/api/chatbot', input)
  const body = (await res.json()) as { response?: unknown }
  if (typeof body.response !== 'string' || body.response.trim() === '') throw new Error('empty reply')
  return body.response
}

export function useSendMessage() {
  return useMutation({
    mutationKey: chatKeys.send(),
    mutationFn: sendMessage,
  })
}
