import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Ask } from '../types'
import { careKeys } from './care-keys'

/** `POST /api/asks/{id}/close`: "Thanks, I'm okay". */
export function useCloseAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('POST', `/api/asks/${id}/close`)).json()) as Ask,
    onSuccess: () => queryClient.setQueryData(careKeys.openAsk, null),
  })
}
