/**
 * Query keys of the auth feature. The default query function joins a key
 * with "/", so `authKeys.user()` fetches `/api/auth/user`.
 */
export const authKeys = {
  all: ['/api', 'auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
}
