import { tokenFromFragment } from '@/lib/fragment-token'

/** Reads the token from a share page's fragment (`#token=…`); null when there is none. */
export const readShareToken = tokenFromFragment

/** A time as the viewer reads it: "14:05" today, else "Tue 14:05". */
export function formatShareTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const at = new Date(iso)
  const sameDay = at.toDateString() === now.toDateString()
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit', timeZone }
    : { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone }
  return new Intl.DateTimeFormat(undefined, options).format(at)
}
