import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet, apiRequest } from '@/lib/api-client'

import type { Ask, AskAnswer, AskInput, SupportedAsk } from '../types'
import { careKeys, SUPPORTING_REFETCH_MS } from './care-keys'

/** `GET /api/asks/open`: the wearer's open ask, or null; live `ask` events refetch it. */
export function useOpenAsk() {
  return useQuery({
    queryKey: careKeys.openAsk,
    queryFn: ({ signal }) => apiGet<Ask | null>('/api/asks/open', { signal }),
  })
}

/** `POST /api/asks`: "I could use a call". */
export function useSendAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: AskInput) => (await (await apiRequest('POST', '/api/asks', input)).json()) as Ask,
    onSuccess: (ask) => queryClient.setQueryData(careKeys.openAsk, ask),
  })
}

/** `POST /api/asks/{id}/close`: "Thanks, I'm okay". */
export function useCloseAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('POST', `/api/asks/${id}/close`)).json()) as Ask,
    onSuccess: () => queryClient.setQueryData(careKeys.openAsk, null),
  })
}

/** `GET /api/supporting/asks`: the open asks to me, refreshed like People I support. */
export function useAsksToMe() {
  return useQuery({
    queryKey: careKeys.asksToMe,
    queryFn: async ({ signal }) => (await apiGet<SupportedAsk[] | null>('/api/supporting/asks', { signal })) ?? [],
    refetchInterval: SUPPORTING_REFETCH_MS,
  })
}

/** `POST /api/supporting/asks/{id}/answer`: "I'll call" or "Can't right now". */
export function useAnswerAsk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: AskAnswer }) =>
      (await (await apiRequest('POST', `/api/supporting/asks/${id}/answer`, { answer })).json()) as SupportedAsk,
    onSuccess: (saved) =>
      queryClient.setQueryData<SupportedAsk[]>(careKeys.asksToMe, (list) => list?.map((a) => (a.id === saved.id ? saved : a))),
  })
}
