import { DEFAULT_CENTER } from '../content'
import type { LatLon, Location } from '../types'

/**
 * docs/spec.md GPS page: the map is centred on the latest location if any, else
 * the location just shared from this browser, else San Francisco.
 */
export function mapCenter(latest: Location | null | undefined, justShared: LatLon | null | undefined): LatLon {
  if (latest) return { lat: latest.latitude, lon: latest.longitude }
  if (justShared) return justShared
  return DEFAULT_CENTER
}
