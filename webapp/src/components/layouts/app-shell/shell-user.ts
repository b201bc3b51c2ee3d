import { shellText } from './content'

/** The part of the signed-in user the shell shows. */
export type ShellUser = {
  firstName?: string | null
  lastName?: string | null
}

function firstLetter(s: string): string {
  return Array.from(s)[0] ?? ''
}

/** The first name, or `User` when there is none. */
export function displayFirstName(user: ShellUser | null | undefined): string {
  return user?.firstName?.trim() || shellText.fallbackFirstName
}

/**
 * docs/spec.md: the first letters of the first and last name; else the first two
 * letters of the first name; else `U`.
 */
export function userInitials(user: ShellUser | null | undefined): string {
  const first = user?.firstName?.trim() ?? ''
  const last = user?.lastName?.trim() ?? ''
  if (first && last) return (firstLetter(first) + firstLetter(last)).toUpperCase()
  if (first) return Array.from(first).slice(0, 2).join('').toUpperCase()
  return shellText.fallbackInitials
}

/** docs/spec.md: `/` is active only on `/`; every other item is active for any location starting with its path. */
export function isNavItemActive(itemPath: string, location: string): boolean {
  return itemPath === '/' ? location === '/' : location.startsWith(itemPath)
}

/** The bottom tab bar shows the first word of each label ("Learn & Grow" → "Learn"). */
export function shortLabel(label: string): string {
  return label.split(' ')[0]
}
