import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { apiGet } from '@/lib/api-client'

import type { User } from '../types'
import { authKeys, sessionUrl } from './auth-keys'

/**
 * The current user, or null when signed out. `GET /api/auth/session` answers
 * null rather than 401, so a signed-out page load logs no console error; a
 * 401 (an older server) still means signed out.
 */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return apiGet<User | null>(sessionUrl, { on401: 'returnNull', signal })
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getUser({ signal }),
    retry: false,
  })
}

export function useUser() {
  return useQuery(getUserQueryOptions())
}

/**
 * Puts a user the server just returned (sign-in, registration, a profile
 * change) into the cache so every screen shows it at once, then refetches
 * to confirm the session cookie works.
 */
export async function storeSignedInUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(authKeys.user(), user)
  await queryClient.invalidateQueries({ queryKey: authKeys.user() })
}

/** For screens outside this feature that receive an updated user (the settings screen). */
export function useStoreUser(): (user: User) => void {
  const queryClient = useQueryClient()
  return React.useCallback((user: User) => queryClient.setQueryData(authKeys.user(), user), [queryClient])
}
