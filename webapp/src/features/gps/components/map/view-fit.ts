import { boundingExtent, extend, getHeight, getWidth, type Extent } from 'ol/extent'
import { fromLonLat, toLonLat } from 'ol/proj'

import type { LatLon, Zone } from '../../types'
import { geodesicCircle, polygonGeometry } from './features'

/** The extent (map projection) of a zone's shape; null for a zone with neither radius nor outline. */
export function zoneExtent(zone: Zone): Extent | null {
  if (zone.polygon) return polygonGeometry(zone.polygon).getExtent()
  if (zone.radius) return geodesicCircle({ lat: zone.latitude, lon: zone.longitude }, zone.radius).getExtent()
  return null
}

/**
 * What the map shows on open: the position and every active zone, in the
 * map's projection; null when there is neither (the default centre then).
 */
export function fitExtent(position: LatLon | null | undefined, zones: readonly Zone[]): Extent | null {
  const parts: Extent[] = []
  if (position) parts.push(boundingExtent([fromLonLat([position.lon, position.lat])]))
  for (const zone of zones) {
    if (!zone.isActive) continue
    const extent = zoneExtent(zone)
    if (extent) parts.push(extent)
  }
  if (parts.length === 0) return null
  return parts.reduce((all, part) => extend(all, part), [...parts[0]])
}

/** A single point has no size to fit: the map centres on it at its usual zoom instead. */
export function isPoint(extent: Extent): boolean {
  return getWidth(extent) === 0 && getHeight(extent) === 0
}

/** An extent in the map's projection as "west,south,east,north" in degrees, 5 decimals (the map's data-view). */
export function describeExtent(extent: Extent): string {
  const [west, south] = toLonLat([extent[0], extent[1]])
  const [east, north] = toLonLat([extent[2], extent[3]])
  return [west, south, east, north].map((n) => n.toFixed(5)).join(',')
}
