import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { symptomKeys } from './symptom-keys'

/** `DELETE /api/symptoms/{id}`: 204. */
export async function deleteSymptom(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/symptoms/${id}`)
}

export function useDeleteSymptom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: symptomKeys.remove(),
    mutationFn: deleteSymptom,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: symptomKeys.all }),
  })
}
