import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { AskAnswer, SupportedAsk } from '../types'
import { replaceById } from '../utils/replace-by-id'
import { careKeys } from './care-keys'

/** `POST /api/supporting/asks/{id}/answer`: "I'll call" or "Can't right now". */
export function useAnswerAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: AskAnswer }) =>
      (await (await apiRequest('POST', `/api/supporting/asks/${id}/answer`, { answer })).json()) as SupportedAsk,
    onSuccess: (saved) => queryClient.setQueryData<SupportedAsk[]>(careKeys.asksToMe, replaceById(saved)),
  })
}
