import { useUser } from '../api/get-user'
import type { User } from '../types'

export type AuthState = {
  user: User | null
  isLoading: boolean
  isAuthenticated: boolean
  /** The session could not be asked at all (no network, server unreachable): not known to be signed out. */
  isUnreachable: boolean
}

/**
 * The session as the screens see it. A result means signed in; a 401 (null)
 * or any other error (the server may not offer the endpoint yet) means
 * signed out. `isLoading` is true only while the first request is pending;
 * `isUnreachable` tells "offline" apart, so screens can say so instead.
 */
export function useAuth(): AuthState {
  const { data, isPending, isError, error } = useUser()
  const user = isError ? null : (data ?? null)
  return {
    user,
    isLoading: isPending && !isError,
    isAuthenticated: user !== null,
    // fetch rejects with a TypeError only when no answer arrived at all.
    isUnreachable: isError && error instanceof TypeError,
  }
}
