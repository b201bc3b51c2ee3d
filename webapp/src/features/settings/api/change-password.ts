import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { settingsText } from '../content'
import { settingsKeys } from './settings-keys'

export const PASSWORD_MIN_LENGTH = 10

export const passwordInputSchema = z
  .object({
    currentPassword: z.string().min(1, settingsText.errors.currentRequired),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, settingsText.errors.newTooShort),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: settingsText.errors.mismatch,
    path: ['confirmPassword'],
  })

export type PasswordFormInput = z.infer<typeof passwordInputSchema>
export type ChangePasswordInput = { currentPassword: string; newPassword: string }

/** `POST /api/auth/password`: 204; every other session of the user is ended. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('POST', '/api/auth/password', input)
}

export function useChangePassword() {
  return useMutation({
    mutationKey: settingsKeys.password(),
    mutationFn: changePassword,
  })
}
