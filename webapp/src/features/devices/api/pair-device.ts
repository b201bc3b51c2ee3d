import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { DeviceKind, PairedDevice } from '../types'
import { deviceKeys } from './device-keys'

/** `POST /api/devices {name, kind}`: 201 with the device ID and its token (the only time it is shown). */
export async function pairDevice(input: { name: string; kind?: DeviceKind }): Promise<PairedDevice> {
  const res = await apiRequest('POST', '/api/devices', input)
  return (await res.json()) as PairedDevice
}

export function usePairDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: deviceKeys.pair(),
    mutationFn: pairDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.list() }),
  })
}
