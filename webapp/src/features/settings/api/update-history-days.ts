import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { AccountUser } from '../types'
import { settingsKeys } from './settings-keys'

/** `PATCH /api/auth/user` with `historyDays`: 200 with the updated user. */
export async function updateHistoryDays(historyDays: number): Promise<AccountUser> {
  const res = await apiRequest('PATCH', '/api/auth/user', { historyDays })
  return (await res.json()) as AccountUser
}

export function useUpdateHistoryDays({ onSuccess }: { onSuccess?: (user: AccountUser) => void } = {}) {
  return useMutation({
    mutationKey: settingsKeys.history(),
    mutationFn: updateHistoryDays,
    onSuccess: (user) => onSuccess?.(user),
  })
}
