import type { Location } from '../types'

/**
 * History playback: a day's fixes in time order, a colour for each that
 * moves from the first fix of the day to the last, and the slider's index.
 */

/** Oldest first (the API sends newest first); ties keep the id order. */
export function chronological(fixes: readonly Location[]): Location[] {
  return [...fixes].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id - b.id)
}

/** Where the fix's time lies between the first and the last fix: 0..1 (0 when they coincide). */
export function timeFraction(fix: Location, first: Location, last: Location): number {
  const start = Date.parse(first.timestamp)
  const span = Date.parse(last.timestamp) - start
  if (span <= 0) return 0
  return Math.min(1, Math.max(0, (Date.parse(fix.timestamp) - start) / span))
}

// Early fixes are light blue, late ones deep violet: a ramp that reads on
// both a street map and a plain background, and is not the zones' green or red.
const EARLY = [56, 189, 248] as const
const LATE = [109, 40, 217] as const

/** The colour of a point at a fraction of the day's span, as `rgb(r, g, b)`. */
export function timeColor(fraction: number): string {
  const f = Math.min(1, Math.max(0, fraction))
  const channel = (i: 0 | 1 | 2) => Math.round(EARLY[i] + (LATE[i] - EARLY[i]) * f)
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`
}

/** A slider position kept inside the list (the last fix when out of range). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0
  if (!Number.isFinite(index)) return count - 1
  return Math.min(count - 1, Math.max(0, Math.round(index)))
}

/** The next position while playing, or null at the end (playback stops there). */
export function nextIndex(index: number, count: number): number | null {
  const next = clampIndex(index, count) + 1
  return next < count ? next : null
}

/** The fixes up to and including the slider's position: the part of the track walked so far. */
export function walkedSoFar<T>(ordered: readonly T[], index: number): T[] {
  if (ordered.length === 0) return []
  return ordered.slice(0, clampIndex(index, ordered.length) + 1)
}
