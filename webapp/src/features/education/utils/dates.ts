const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' })

/**
 * A `YYYY-MM-DD` publication date in the reader's words ("April 7, 2026").
 * The date is a calendar day, not an instant: it is read and shown in UTC so
 * no time zone moves it to the day before. Anything else comes back as is.
 */
export function formatPublished(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return date
  return dateFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
}
