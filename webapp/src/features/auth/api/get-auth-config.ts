import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { AuthConfig } from '../types'
import { authKeys } from './auth-keys'

/** What a server offers when it does not say: email and password only, and a reset by email. */
export const defaultAuthConfig: AuthConfig = { localAccounts: true, oidc: null, passwordReset: true }

export function getAuthConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AuthConfig> {
  return apiGet<AuthConfig>(queryKeyToUrl(authKeys.config()), { signal })
}

export function getAuthConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.config(),
    queryFn: ({ signal }) => getAuthConfig({ signal }),
    retry: false,
  })
}

/** The sign-in options; the defaults apply while loading or when the server does not answer. */
export function useAuthConfig(): { config: AuthConfig; isPending: boolean } {
  const { data, isPending } = useQuery(getAuthConfigQueryOptions())
  return { config: data ?? defaultAuthConfig, isPending }
}
