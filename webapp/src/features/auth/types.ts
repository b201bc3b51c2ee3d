/** The signed-in user as `/api/auth/user` returns it (SPEC.md §3; more fields arrive with accounts). */
export type User = {
  id?: string
  email?: string
  firstName?: string | null
  lastName?: string | null
}
