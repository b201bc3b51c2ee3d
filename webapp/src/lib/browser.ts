/**
 * The few browser facilities the app reaches for directly, behind one object
 * so tests can replace them (jsdom cannot navigate).
 */
export const browser = {
  /** A full page load: the server handles the URL (sign-in, sign-out) or the app starts afresh. */
  navigate: (url: string): void => {
    window.location.href = url
  },
  /** The device's IANA time zone, for example `Europe/London`. */
  timeZone: (): string => {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
    } catch {
      return 'UTC'
    }
  },
}
