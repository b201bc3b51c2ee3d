import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { authText } from '../content'
import type { User } from '../types'
import { storeSignedInUser } from '../utils/store-signed-in-user'
import { authKeys } from './auth-keys'

/** Mirrors the server's rules so most mistakes are caught before a round trip. */
export const PASSWORD_MIN_LENGTH = 10

export const registerInputSchema = z.object({
  firstName: z.string().trim().min(1, authText.errors.firstNameRequired),
  lastName: z.string().trim(),
  email: z.string().trim().min(1, authText.errors.emailRequired).pipe(z.email(authText.errors.emailInvalid)),
  password: z.string().min(PASSWORD_MIN_LENGTH, authText.errors.passwordTooShort),
})

export type RegisterFormInput = z.infer<typeof registerInputSchema>
export type RegisterInput = RegisterFormInput & { timezone: string }

/** `POST /api/auth/register`: 201 with the new user, already signed in. */
export async function register(input: RegisterInput): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/register', input)
  return (await res.json()) as User
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: authKeys.register(),
    mutationFn: register,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
  })
}
