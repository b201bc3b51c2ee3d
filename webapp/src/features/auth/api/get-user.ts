import { queryOptions, useQuery } from '@tanstack/react-query'

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
