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
