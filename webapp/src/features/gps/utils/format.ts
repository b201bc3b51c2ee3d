import { usableTimeZone } from '@/lib/time-zone'

/** Times and dates in the user's time zone (falls back to the device's when it is unknown). */

export function formatTime(timestamp: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleTimeString('en-US', {
    timeZone: usableTimeZone(timeZone),
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  })
}

export function formatDate(timestamp: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', {
    timeZone: usableTimeZone(timeZone),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
}

export function formatDateTime(timestamp: string, timeZone?: string): string {
  return `${formatDate(timestamp, timeZone)}, ${formatTime(timestamp, timeZone)}`
}
