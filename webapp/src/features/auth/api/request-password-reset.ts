import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { authText } from '../content'
import { authKeys } from './auth-keys'

export const passwordResetInputSchema = z.object({
  email: z.string().trim().min(1, authText.errors.emailRequired).pipe(z.email(authText.errors.emailInvalid)),
})

export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>

/**
 * `POST /api/auth/password-reset`: the same empty 202 whether or not the
 * address has an account; the email goes out only when it has one.
 */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  await apiRequest('POST', '/api/auth/password-reset', input)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: authKeys.passwordReset(), mutationFn: requestPasswordReset })
}
