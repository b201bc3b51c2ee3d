import Feature from 'ol/Feature'
import type Geometry from 'ol/geom/Geometry'
import LineString from 'ol/geom/LineString'
import MultiPolygon from 'ol/geom/MultiPolygon'
import Point from 'ol/geom/Point'
import Polygon, { circular } from 'ol/geom/Polygon'
import { fromLonLat } from 'ol/proj'
import { offset } from 'ol/sphere'

import { gpsText, ZONE_COLORS } from '../../content'
import type { GeoJsonPolygon, LatLon, Location, MapPoint, Zone } from '../../types'
import { formatDateTime, formatTime } from '../../utils/format'
import { chronological, timeColor, timeFraction } from '../../utils/playback'
import {
  evidenceAccuracyStyle,
  evidencePointStyle,
  markerStyle,
  playbackStyle,
  trackLineStyle,
  trackPointStyle,
  zoneStyle,
} from './styles'

/** What a feature's popup says: a title and lines of text (docs/spec.md popups). */
export type Popup = { title: string; lines: string[] }

const POPUP = 'popup'
const CIRCLE_SIDES = 128

export function popupOf(feature: { get: (key: string) => unknown }): Popup | undefined {
  return feature.get(POPUP) as Popup | undefined
}

/**
 * A geodesic circle of `radius` metres around the centre, as a polygon in the
 * map's projection: true to the ground at any latitude (a plain circle in
 * Web Mercator would be too small away from the equator).
 */
export function geodesicCircle(center: LatLon, radius: number): Polygon {
  return circular([center.lon, center.lat], radius, CIRCLE_SIDES).transform('EPSG:4326', 'EPSG:3857')
}

/** GeoJSON (lon/lat) → a geometry in the map's projection. */
export function polygonGeometry(polygon: GeoJsonPolygon): Geometry {
  const geometry =
    polygon.type === 'MultiPolygon' ? new MultiPolygon(polygon.coordinates) : new Polygon(polygon.coordinates)
  return geometry.transform('EPSG:4326', 'EPSG:3857')
}

/** The point east of the centre at `radius` metres: where the radius handle sits. */
export function handlePoint(center: LatLon, radius: number): Point {
  const [lon, lat] = offset([center.lon, center.lat], radius, Math.PI / 2)
  return new Point(fromLonLat([lon, lat]))
}

export function point(at: LatLon): Point {
  return new Point(fromLonLat([at.lon, at.lat]))
}

/** docs/spec.md: every active zone, a circle of its radius (or its polygon), with its popup. */
export function zoneFeatures(zones: readonly Zone[]): Feature[] {
  return zones
    .filter((zone) => zone.isActive)
    .flatMap((zone) => {
      const geometry = zone.polygon
        ? polygonGeometry(zone.polygon)
        : zone.radius
          ? geodesicCircle({ lat: zone.latitude, lon: zone.longitude }, zone.radius)
          : null
      if (!geometry) return []
      const feature = new Feature({ geometry })
      feature.setStyle(zoneStyle(zone.type, zone.name))
      feature.setId(`zone-${zone.id}`)
      feature.setProperties({
        kind: 'zone',
        zoneType: zone.type,
        name: zone.name,
        color: ZONE_COLORS[zone.type],
        [POPUP]: {
          title: zone.name,
          lines: [
            zone.type === 'avoid' ? gpsText.map.avoidZone : gpsText.map.safeZone,
            zone.radius ? gpsText.map.radius(zone.radius) : gpsText.map.area,
          ],
        } satisfies Popup,
      })
      return [feature]
    })
}

/** docs/spec.md: the marker at the latest location, its popup Current Location, time and battery. */
export function markerFeature(latest: Location, timeZone?: string): Feature {
  const feature = new Feature({ geometry: point({ lat: latest.latitude, lon: latest.longitude }) })
  feature.setId('marker')
  feature.setStyle(markerStyle)
  const lines = [formatDateTime(latest.timestamp, timeZone)]
  if (latest.batteryLevel !== null && latest.batteryLevel !== undefined) lines.push(gpsText.map.battery(latest.batteryLevel))
  feature.setProperties({ kind: 'marker', [POPUP]: { title: gpsText.map.currentLocation, lines } satisfies Popup })
  return feature
}

/** The day's track: a line, then one point per fix coloured by its time of day. */
export function trackFeatures(fixes: readonly Location[], timeZone?: string): Feature[] {
  const ordered = chronological(fixes)
  if (ordered.length === 0) return []
  const first = ordered[0]
  const last = ordered[ordered.length - 1]
  const features: Feature[] = []
  if (ordered.length > 1) {
    const line = new Feature({
      geometry: new LineString(ordered.map((fix) => fromLonLat([fix.longitude, fix.latitude]))),
    })
    line.setStyle(trackLineStyle)
    line.set('kind', 'track-line')
    features.push(line)
  }
  for (const fix of ordered) {
    const feature = new Feature({ geometry: point({ lat: fix.latitude, lon: fix.longitude }) })
    feature.setStyle(trackPointStyle(timeColor(timeFraction(fix, first, last))))
    const lines = [formatDateTime(fix.timestamp, timeZone)]
    if (fix.batteryLevel !== null && fix.batteryLevel !== undefined) lines.push(gpsText.map.battery(fix.batteryLevel))
    feature.setProperties({ kind: 'track-point', [POPUP]: { title: formatTime(fix.timestamp, timeZone), lines } satisfies Popup })
    features.push(feature)
  }
  return features
}

export function playbackFeature(fix: Location, timeZone?: string): Feature {
  const feature = new Feature({ geometry: point({ lat: fix.latitude, lon: fix.longitude }) })
  feature.setStyle(playbackStyle)
  feature.setProperties({
    kind: 'playback',
    [POPUP]: { title: gpsText.map.playback, lines: [formatDateTime(fix.timestamp, timeZone)] } satisfies Popup,
  })
  return feature
}

/** An alert's evidence: each fix with its accuracy circle. */
export function evidenceFeatures(points: readonly MapPoint[]): Feature[] {
  return points.flatMap((p, i) => {
    const features: Feature[] = []
    if (p.accuracyM && p.accuracyM > 0) {
      const circle = new Feature({ geometry: geodesicCircle(p, p.accuracyM) })
      circle.setStyle(evidenceAccuracyStyle)
      circle.set('kind', 'evidence-accuracy')
      features.push(circle)
    }
    const marker = new Feature({ geometry: point(p) })
    marker.setStyle(evidencePointStyle(String(i + 1)))
    marker.setProperties({ kind: 'evidence', [POPUP]: { title: gpsText.map.evidenceFix, lines: [p.label] } satisfies Popup })
    features.push(marker)
    return features
  })
}
