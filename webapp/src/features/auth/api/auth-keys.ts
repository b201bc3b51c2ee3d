/**
 * Query and mutation keys of the auth feature. `authKeys.user()` caches the
 * signed-in user, read from `sessionUrl` (PATCH goes to `/api/auth/user`).
 */
export const authKeys = {
  all: ['/api', 'auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  config: () => [...authKeys.all, 'config'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  passwordReset: () => [...authKeys.all, 'password-reset'] as const,
  passwordResetConfirm: () => [...authKeys.passwordReset(), 'confirm'] as const,
}

/** "Who am I": the user, or null when signed out (never a 401). */
export const sessionUrl = '/api/auth/session'
