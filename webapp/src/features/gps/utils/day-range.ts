import { dateTimeFormat } from '@/lib/date-format'

/**
 * A local calendar day in the user's time zone as the UTC instants the
 * locations API filters on: `from` its first instant, `to` the next day's.
 */
export type DayRange = { date: string; from: string; to: string }

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

function formatter(timeZone: string | undefined) {
  try {
    return dateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
  } catch {
    return dateTimeFormat('en-CA', {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
  }
}

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(utcMs: number, timeZone: string | undefined): number {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]))
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return asUtc - Math.floor(utcMs / 1000) * 1000
}

/** The UTC instant of local midnight starting the date in the zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string | undefined): number {
  const guess = Date.UTC(year, month - 1, day)
  const first = guess - offsetAt(guess, timeZone)
  const second = guess - offsetAt(first, timeZone)
  return second
}

/** Today's date (`YYYY-MM-DD`) in the zone. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(now).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

export function isIsoDate(value: string): boolean {
  const match = isoDate.exec(value)
  if (!match) return false
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = new Date(Date.UTC(y, m - 1, d))
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d
}

/** The day's range; throws on a malformed date. */
export function dayRange(date: string, timeZone: string | undefined): DayRange {
  const match = isoDate.exec(date)
  if (!match || !isIsoDate(date)) throw new Error(`not a YYYY-MM-DD date: ${date}`)
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const from = localMidnight(y, m, d, timeZone)
  const to = localMidnight(y, m, d + 1, timeZone)
  return { date, from: new Date(from).toISOString(), to: new Date(to).toISOString() }
}

/** True when the instant falls inside the range. */
export function inRange(range: DayRange, timestamp: string): boolean {
  const t = Date.parse(timestamp)
  return t >= Date.parse(range.from) && t < Date.parse(range.to)
}
