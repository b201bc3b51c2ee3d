import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { User } from '../types'
import { authKeys } from './auth-keys'

/** The current user, or null when the server answers 401 (signed out). */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  return apiGet<User | null>(queryKeyToUrl(authKeys.user()), { on401: 'returnNull', signal })
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
