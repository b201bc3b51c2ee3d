import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { measureKeys } from './measure-keys'

/** `DELETE /api/measures/responses/{id}`. */
export async function deleteMeasureResponse(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/measures/responses/${id}`)
}

export function useDeleteMeasureResponse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: measureKeys.remove(),
    mutationFn: deleteMeasureResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureKeys.all }),
  })
}
