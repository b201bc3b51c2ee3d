import type { QueryClient } from '@tanstack/react-query'

import { authKeys } from '../api/auth-keys'
import type { User } from '../types'

/**
 * Puts a user the server just returned (sign-in, registration, a profile
 * change) into the cache so every screen shows it at once, then refetches
 * to confirm the session cookie works.
 */
export async function storeSignedInUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(authKeys.user(), user)
  await queryClient.invalidateQueries({ queryKey: authKeys.user() })
}
