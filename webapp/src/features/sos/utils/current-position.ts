import type { SosPosition } from '../types'

/** How long "Alert my people now" waits for the browser's position: never longer, it goes without. */
export const POSITION_WAIT_MS = 3000

/** The API refuses a claimed accuracy worse than this (metres), as for any shared position. */
const MAX_ACCURACY_M = 100_000

/**
 * Where the browser is now, or null when it has no geolocation, refuses, or
 * has no answer within waitMs (the permission prompt counts: the browser's
 * own timeout starts only after it).
 */
export function currentPosition(waitMs = POSITION_WAIT_MS): Promise<SosPosition | null> {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
  if (!geolocation) return Promise.resolve(null)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs)
    const done = (position: SosPosition | null) => {
      clearTimeout(timer)
      resolve(position)
    }
    geolocation.getCurrentPosition(
      ({ coords }) =>
        done(coords.accuracy <= MAX_ACCURACY_M ? { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy } : null),
      () => done(null),
      { enableHighAccuracy: true, timeout: waitMs, maximumAge: 30_000 },
    )
  })
}
