/** Times and dates in the user's time zone (falls back to the device's when it is unknown). */

function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return undefined
  }
}

export function formatTime(timestamp: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleTimeString('en-US', {
    timeZone: safeZone(timeZone),
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  })
}

export function formatDate(timestamp: string, timeZone?: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', {
    timeZone: safeZone(timeZone),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
}

export function formatDateTime(timestamp: string, timeZone?: string): string {
  return `${formatDate(timestamp, timeZone)}, ${formatTime(timestamp, timeZone)}`
}
