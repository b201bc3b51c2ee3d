import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { TakeMeasureInput, TakeMeasureResult } from '../types'
import { measureKeys } from './measure-keys'

/** `POST /api/measures/responses`: scored and stored on the server; 400 names each bad item (`answers.<linkId>`). */
export async function takeMeasure(input: TakeMeasureInput): Promise<TakeMeasureResult> {
  const res = await apiRequest('POST', '/api/measures/responses', input)
  return (await res.json()) as TakeMeasureResult
}

export function useTakeMeasure() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: measureKeys.take(),
    mutationFn: takeMeasure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureKeys.all }),
  })
}
