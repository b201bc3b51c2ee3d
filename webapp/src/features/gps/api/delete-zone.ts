import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { zoneKeys } from './gps-keys'

/** `DELETE /api/safe-zones/{id}`: 204. */
export async function deleteZone(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/safe-zones/${encodeURIComponent(String(id))}`)
}

export function useDeleteZone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: zoneKeys.remove(),
    mutationFn: deleteZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneKeys.list() }),
  })
}
