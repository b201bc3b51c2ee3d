/**
 * Query and mutation keys of the auth feature. The default query function
 * joins a key with "/", so `authKeys.user()` fetches `/api/auth/user`.
 */
export const authKeys = {
  all: ['/api', 'auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  config: () => [...authKeys.all, 'config'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
}
