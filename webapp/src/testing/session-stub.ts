import type { User } from '@/features/auth/types'

import { jsonResponse, signedOut, type FetchRoutes } from './fetch-stub'

/**
 * A tiny stand-in for the server's session: `/api/auth/user` answers 401
 * until `signIn` runs (the sign-in and registration stubs call it), then the user.
 */
export function sessionStub(initial: User | null = null) {
  let current = initial
  const routes: FetchRoutes = {
    '/api/auth/user': () => (current ? jsonResponse({ body: current }) : jsonResponse(signedOut)),
  }
  return {
    routes,
    signIn: (user: User) => {
      current = user
    },
  }
}
