/** The signed-in user as the account endpoints return it (issue 3 contract). */
export type AccountUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  timezone: string
  /** False for accounts that only sign in through OpenID Connect. */
  hasPassword: boolean
  /** Days the location and battery history is kept: 7, 30, 90 or 400. */
  historyDays: number
}
