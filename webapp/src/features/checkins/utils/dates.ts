/**
 * Calendar dates as the server sends them: `YYYY-MM-DD` in the user's time
 * zone, with no time of day. They are formatted as UTC midnights so no
 * device time zone can move them to another day.
 */
import { dateTimeFormat } from '@/lib/date-format'

export type YearMonth = { year: number; month: number }

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

export function toIsoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`
}

/** The date of the instant `now` in the IANA time zone (the server's idea of "today" for the user). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (zone: string | undefined) =>
    dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  try {
    return format(timeZone || undefined)
  } catch {
    return format(undefined)
  }
}

function parts(date: string): [number, number, number] {
  const match = isoDate.exec(date)
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

export function isIsoDate(value: string): boolean {
  if (!isoDate.test(value)) return false
  const [y, m, d] = parts(value)
  const utc = new Date(Date.UTC(y, m - 1, d))
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d
}

function asUtc(date: string): Date {
  const [y, m, d] = parts(date)
  return new Date(Date.UTC(y, m - 1, d))
}

export function addDays(date: string, n: number): string {
  const utc = asUtc(date)
  utc.setUTCDate(utc.getUTCDate() + n)
  return toIsoDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate())
}

export function yearMonthOf(date: string): YearMonth {
  const [year, month] = parts(date)
  return { year, month }
}

export function addMonths({ year, month }: YearMonth, n: number): YearMonth {
  const index = year * 12 + (month - 1) + n
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month)
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** First and last date of the month, for `?from=&to=`. */
export function monthRange(ym: YearMonth): { from: string; to: string } {
  return { from: toIsoDate(ym.year, ym.month, 1), to: toIsoDate(ym.year, ym.month, daysInMonth(ym)) }
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return asUtc(date).getUTCDay()
}

function formatUtc(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(asUtc(date))
}

/** "November 2026". */
export function formatMonth({ year, month }: YearMonth): string {
  return formatUtc(toIsoDate(year, month, 1), { month: 'long', year: 'numeric' })
}

/** "Nov 22". */
export function formatShortDate(date: string): string {
  return formatUtc(date, { month: 'short', day: 'numeric' })
}

/** "Sunday, November 22, 2026". */
export function formatLongDate(date: string): string {
  return formatUtc(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
}

/** "Sun, Nov 22, 2026". */
export function formatMediumDate(date: string): string {
  return formatUtc(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
}

/** "Today", "Yesterday", or "Sun, Nov 22" (with the year when it is not this year's). */
export function relativeDay(date: string, today: string): string {
  if (date === today) return 'Today'
  if (date === addDays(today, -1)) return 'Yesterday'
  const sameYear = date.slice(0, 4) === today.slice(0, 4)
  return formatUtc(date, { weekday: 'short', month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) })
}

/** The month's dates in weeks (Sunday first), padded with nulls. */
export function monthWeeks(ym: YearMonth): (string | null)[][] {
  const first = toIsoDate(ym.year, ym.month, 1)
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null)
  for (let day = 1; day <= daysInMonth(ym); day++) cells.push(toIsoDate(ym.year, ym.month, day))
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}
