import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'

import { apiRequest } from '@/lib/api-client'

import { authText } from '../content'
import type { User } from '../types'
import { storeSignedInUser } from '../utils/store-signed-in-user'
import { authKeys } from './auth-keys'

export const loginInputSchema = z.object({
  email: z.string().trim().min(1, authText.errors.emailRequired).pipe(z.email(authText.errors.emailInvalid)),
  password: z.string().min(1, authText.errors.passwordRequired),
})

export type LoginInput = z.infer<typeof loginInputSchema>

/** `POST /api/auth/login`: 200 with the user and a fresh session cookie. */
export async function login(input: LoginInput): Promise<User> {
  const res = await apiRequest('POST', '/api/auth/login', input)
  return (await res.json()) as User
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: login,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
  })
}
