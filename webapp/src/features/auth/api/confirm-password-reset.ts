import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { authText } from '../content'
import type { User } from '../types'
import { storeSignedInUser } from '../utils/store-signed-in-user'
import { authKeys } from './auth-keys'
import { PASSWORD_MIN_LENGTH } from './register'

export const newPasswordInputSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, authText.errors.passwordTooShort),
    repeat: z.string(),
  })
  .refine((values) => values.password === values.repeat, { message: authText.reset.mismatch, path: ['repeat'] })

export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>

/**
 * `POST /api/auth/password-reset/confirm`: 200 with the user, signed in
 * afresh; every other session of the account has ended. 404 when the link
 * was used, replaced or expired.
 */
export async function confirmPasswordReset(input: { token: string; password: string }): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/password-reset/confirm', input)
  return (await res.json()) as User
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: authKeys.passwordResetConfirm(),
    mutationFn: confirmPasswordReset,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
  })
}
