/** The signed-in user as `/api/auth/user` returns it (issue 3 contract). */
export type User = {
  id: number
  email: string
  firstName: string
  lastName: string
  /** IANA time zone, for example `Europe/London`. */
  timezone: string
  /** False for accounts that only sign in through OpenID Connect. */
  hasPassword: boolean
  /** Days the location and battery history is kept: 7, 30, 90 or 400. */
  historyDays: number
}

/** `GET /api/auth/config`: which ways of signing in this server offers. */
export type AuthConfig = {
  localAccounts: boolean
  oidc: { name: string } | null
}
