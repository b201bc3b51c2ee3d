/**
 * The IANA zones this browser knows, plus UTC (which `Intl.supportedValuesOf`
 * leaves out) and any zone the account already has, sorted.
 */
export function timeZoneOptions(...include: string[]): string[] {
  let zones: string[] = []
  try {
    zones = Intl.supportedValuesOf('timeZone')
  } catch {
    // Very old browsers: the list holds only UTC and the given zones.
  }
  return [...new Set([...zones, 'UTC', ...include.filter(Boolean)])].sort()
}

/** `America/New_York` → `America/New York`. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ')
}
