const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * An Intl.DateTimeFormat shared by every caller with the same locale and
 * options. Building one costs far more than formatting with it (a few
 * milliseconds on a slow phone: the dashboard's calendar and lists format
 * dozens of dates on their first render). Throws as the constructor does for
 * a time zone the browser does not know, and caches only what it built.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/**
 * "9:04 PM": a time of day wherever the app shows one, on the 12-hour clock
 * the server's messages use too (lifeline.clockFormat), in the device's
 * time zone unless one is given.
 */
export function formatClock(at: string | number | Date, timeZone?: string): string {
  return dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(at))
}

/**
 * How long something lasted, in plain words: "less than a minute",
 * "3 minutes", "1 hour and 5 minutes", "2 days and 4 hours". Rounded down to
 * the minute; at most two units.
 */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000)
  if (minutes < 1) return 'less than a minute'
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const both = (big: string, small: number, one: string) => (small === 0 ? big : `${big} and ${unit(small, one)}`)
  if (minutes < 60) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return both(unit(hours, 'hour'), minutes % 60, 'minute')
  return both(unit(Math.floor(hours / 24), 'day'), hours % 24, 'hour')
}
