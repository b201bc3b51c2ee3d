import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { MeasureResponse } from '../types'
import { measureKeys } from './measure-keys'

/** `PATCH /api/measures/responses/{id}`: write, change or clear ("") my note. */
export async function updateMeasureNote({ id, note }: { id: number; note: string }): Promise<MeasureResponse> {
  const res = await apiRequest('PATCH', `/api/measures/responses/${id}`, { note })
  return (await res.json()) as MeasureResponse
}

export function useUpdateMeasureNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: measureKeys.note(),
    mutationFn: updateMeasureNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureKeys.all }),
  })
}
