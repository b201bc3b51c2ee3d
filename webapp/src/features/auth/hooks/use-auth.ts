import { useUser } from '../api/get-user'
import type { User } from '../types'

export type AuthState = {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
}

/**
 * The session as the screens see it. A result means signed in; a 401 (null)
 * or any other error (the server may not offer the endpoint yet) means
 * signed out. `isLoading` is true only while the first request is pending.
 */
export function useAuth(): AuthState {
  const { data, isPending, isError } = useUser()
  const user = isError ? null : (data ?? null)
  return {
    user,
    isLoading: isPending && !isError,
    isAuthenticated: user !== null,
  }
}
