/**
 * The time zone to format in: the user's when the browser knows it, else
 * undefined (the device's own). A zone name the browser does not know would
 * make every Intl call throw.
 */
export function usableTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return undefined
  }
}
