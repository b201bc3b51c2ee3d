import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { deviceKeys } from './device-keys'

/** `DELETE /api/devices/{id}`: 204; the token stops working and a live connection is closed. */
export async function revokeDevice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/devices/${encodeURIComponent(id)}`)
}

export function useRevokeDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: deviceKeys.revoke(),
    mutationFn: revokeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.list() }),
  })
}
