import { dateTimeFormat } from '@/lib/date-format'

/** "Nov 22, 2026" in the person's time zone. */
export function formatDay(at: string, timeZone?: string): string {
  return dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(at))
}

/** "Nov 22": a chart's axis label. */
export function formatShortDay(at: string, timeZone?: string): string {
  return dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(at))
}
