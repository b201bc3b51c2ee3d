import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { ChatAnswer, ChatTurn } from '../types'
import { chatKeys } from './chat-keys'

export type SendMessageInput = {
  message: string
  /** Earlier turns, oldest first, not including `message`. */
  history: ChatTurn[]
}

/** `POST /api/chatbot` `{message, history}` → the answer: its words (`response`), and actions when the safety layer heard a concern. */
export async function sendMessage(input: SendMessageInput): Promise<ChatAnswer> {
  const res = await apiRequest('POST', '/api/chatbot', input)
  const body = (await res.json()) as Partial<ChatAnswer>
  if (typeof body.response !== 'string' || body.response.trim() === '') throw new Error('empty reply')
  return { response: body.response, concern: body.concern, actions: Array.isArray(body.actions) ? body.actions : undefined }
}

export function useSendMessage() {
  return useMutation({
    mutationKey: chatKeys.send(),
    mutationFn: sendMessage,
  })
}
