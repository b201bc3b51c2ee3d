import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { SymptomInput, SymptomLog } from '../types'
import { symptomKeys } from './symptom-keys'

/** `POST /api/symptoms`: 201 with the log, dated now; 400 per field. */
export async function createSymptom(input: SymptomInput): Promise<SymptomLog> {
  const res = await apiRequest('POST', '/api/symptoms', input)
  return (await res.json()) as SymptomLog
}

/** Saves a log, then refreshes the list and the trend (docs/spec.md §4) before the mutation counts as done. */
export function useCreateSymptom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: symptomKeys.create(),
    mutationFn: createSymptom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: symptomKeys.all }),
  })
}
