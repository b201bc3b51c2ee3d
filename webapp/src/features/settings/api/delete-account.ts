import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { settingsKeys } from './settings-keys'

/** Accounts with a password confirm with it; single-sign-on accounts type DELETE. */
export type DeleteAccountInput = { password: string } | { confirm: 'DELETE' }

/** `DELETE /api/account`: 204; the session ends and every row of the user's data is removed. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest('DELETE', '/api/account', input)
}

export function useDeleteAccount() {
  return useMutation({
    mutationKey: settingsKeys.deleteAccount(),
    mutationFn: deleteAccount,
  })
}
