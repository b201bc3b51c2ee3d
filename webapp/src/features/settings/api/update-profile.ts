import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { settingsText } from '../content'
import type { AccountUser } from '../types'
import { settingsKeys } from './settings-keys'

export const profileInputSchema = z.object({
  firstName: z.string().trim().min(1, settingsText.errors.firstNameRequired),
  lastName: z.string().trim(),
  timezone: z.string().min(1, settingsText.errors.timezoneRequired),
  // As loose as the server: any format, but something to dial ("" removes it).
  phone: z
    .string()
    .trim()
    .max(40, settingsText.errors.phoneTooLong)
    .refine((phone) => phone === '' || /\d/.test(phone), settingsText.errors.phoneDigits),
})

export type ProfileInput = z.infer<typeof profileInputSchema>

/** `PATCH /api/auth/user`: 200 with the updated user. */
export async function updateProfile(input: ProfileInput): Promise<AccountUser> {
  const res = await apiRequest('PATCH', '/api/auth/user', input)
  return (await res.json()) as AccountUser
}

export type UseUpdateProfileOptions = {
  /** The screen stores the returned user where the rest of the app reads it. */
  onSuccess?: (user: AccountUser) => void
}

export function useUpdateProfile({ onSuccess }: UseUpdateProfileOptions = {}) {
  return useMutation({
    mutationKey: settingsKeys.profile(),
    mutationFn: updateProfile,
    onSuccess: (user) => onSuccess?.(user),
  })
}
