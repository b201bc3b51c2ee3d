import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { SymptomInput, SymptomLog } from '../types'
import { symptomKeys } from './symptom-keys'

export type UpdateSymptomVariables = { id: number; input: SymptomInput }

/** `PATCH /api/symptoms/{id}`: 200 with the log; null clears an optional field; the date is kept. */
export async function updateSymptom({ id, input }: UpdateSymptomVariables): Promise<SymptomLog> {
  const res = await apiRequest('PATCH', `/api/symptoms/${id}`, input)
  return (await res.json()) as SymptomLog
}

export function useUpdateSymptom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: symptomKeys.update(),
    mutationFn: updateSymptom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: symptomKeys.all }),
  })
}
