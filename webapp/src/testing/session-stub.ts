import type { User } from '@/features/auth/types'

import { jsonResponse, type FetchRoutes } from './fetch-stub'

/**
 * A tiny stand-in for the server's session: `/api/auth/session` answers null
 * until `signIn` runs (the sign-in and registration stubs call it), then the user.
 */
export function sessionStub(initial: User | null = null) {
  let current = initial
  const routes: FetchRoutes = {
    '/api/auth/session': () => (current ? jsonResponse({ body: current }) : jsonResponse({ body: null })),
  }
  return {
    routes,
    signIn: (user: User) => {
      current = user
    },
  }
}
