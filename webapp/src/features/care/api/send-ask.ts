import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Ask, AskInput } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/asks`: "I could use a call". */
export function useSendAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: AskInput) => (await (await apiRequest('POST', '/api/asks', input)).json()) as Ask,
    onSuccess: (ask) => queryClient.setQueryData(careKeys.openAsk, ask),
  })
}
