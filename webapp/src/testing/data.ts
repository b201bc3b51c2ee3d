import type { User } from '@/features/auth/types'

/** A signed-in user as `/api/auth/user` returns it; override what a test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Lopez',
    timezone: 'Europe/London',
    hasPassword: true,
    historyDays: 400,
    phone: '',
    advanced: false,
    ...overrides,
  }
}
