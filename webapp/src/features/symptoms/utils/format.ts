import { usableTimeZone } from '@/lib/time-zone'

/** Times and dates in the user's time zone (the device's when it is unknown or not valid). */

/** "Sun, Nov 22, 2026, 2:30 PM": when a symptom was logged. */
export function formatLoggedAt(timestamp: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleString('en-US', {
    timeZone: usableTimeZone(timeZone),
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

function asUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d))
}

/** "Nov 22" for a `YYYY-MM-DD` local date (formatted at UTC midnight so no zone moves it). */
export function formatShortDay(date: string): string {
  return asUtc(date).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' })
}

/** "Sunday, November 22" for a `YYYY-MM-DD` local date. */
export function formatLongDay(date: string): string {
  return asUtc(date).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
}
