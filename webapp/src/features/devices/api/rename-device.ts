import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Device } from '../types'
import { deviceKeys } from './device-keys'

/** `PATCH /api/devices/{id} {name}`: 200 the renamed device; 400 with `fields.name` for a bad name. */
export async function renameDevice(input: { id: string; name: string }): Promise<Device> {
  const res = await apiRequest('PATCH', `/api/devices/${encodeURIComponent(input.id)}`, { name: input.name })
  return (await res.json()) as Device
}

export function useRenameDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: deviceKeys.rename(),
    mutationFn: renameDevice,
    onSuccess: (device) => {
      queryClient.setQueryData<Device[]>(deviceKeys.list(), (list) =>
        list?.map((d) => (d.id === device.id ? { ...d, name: device.name } : d)),
      )
      return queryClient.invalidateQueries({ queryKey: deviceKeys.list(), exact: true })
    },
  })
}
