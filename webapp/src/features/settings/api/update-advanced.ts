import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { AccountUser } from '../types'
import { settingsKeys } from './settings-keys'

/** `PATCH /api/auth/user` with `advanced`: 200 with the updated user. */
export async function updateAdvanced(advanced: boolean): Promise<AccountUser> {
  const res = await apiRequest('PATCH', '/api/auth/user', { advanced })
  return (await res.json()) as AccountUser
}

export function useUpdateAdvanced({ onSuccess }: { onSuccess?: (user: AccountUser) => void } = {}) {
  return useMutation({
    mutationKey: settingsKeys.advanced(),
    mutationFn: updateAdvanced,
    onSuccess: (user) => onSuccess?.(user),
  })
}
