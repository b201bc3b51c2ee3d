import { toLonLat } from 'ol/proj'
import { getDistance } from 'ol/sphere'
import { describe, expect, it } from 'vitest'

import { makeLocation, makeZone } from '@/testing/gps-data'

import { geodesicCircle, markerFeature, popupOf, trackFeatures, zoneFeatures } from './features'

describe('map features', () => {
  it('draws a circle whose edge is its radius away on the ground, even far north', () => {
    for (const lat of [0, 37.77, 69.65]) {
      const ring = geodesicCircle({ lat, lon: 18.95 }, 500).getCoordinates()[0]
      for (const vertex of ring.slice(0, 10)) {
        expect(getDistance([18.95, lat], toLonLat(vertex))).toBeCloseTo(500, 0)
      }
    }
  })

  it('draws only active zones, in their colours, with docs/spec.md popups', () => {
    const features = zoneFeatures([
      makeZone({ name: 'Home', type: 'safe', radius: 150.4 }),
      makeZone({ name: 'Old bar', type: 'avoid', radius: 80 }),
      makeZone({ name: 'Gym', isActive: false }),
    ])
    expect(features.map((f) => [String(f.get('name')), String(f.get('color'))])).toEqual([
      ['Home', '#10b981'],
      ['Old bar', '#ef4444'],
    ])
    expect(popupOf(features[0])).toEqual({ title: 'Home', lines: ['Safe Zone', 'Radius: 150 m'] })
    expect(popupOf(features[1])?.lines[0]).toBe('Avoid Zone')
  })

  it('draws a polygon zone from its GeoJSON', () => {
    const [feature] = zoneFeatures([
      makeZone({
        shape: 'polygon',
        radius: null,
        polygon: { type: 'Polygon', coordinates: [[[-122.42, 37.77], [-122.41, 37.77], [-122.41, 37.78], [-122.42, 37.77]]] },
      }),
    ])
    expect(feature.getGeometry()?.getType()).toBe('Polygon')
    expect(popupOf(feature)?.lines[1]).toBe('Drawn area')
  })

  it("gives the marker docs/spec.md's popup: Current Location, the time and the battery", () => {
    const popup = popupOf(markerFeature(makeLocation({ timestamp: '2026-11-22T11:30:00Z', batteryLevel: 72 }), 'UTC'))
    expect(popup).toEqual({ title: 'Current Location', lines: ['Nov 22, 2026, 11:30:00 AM', 'Battery: 72%'] })
  })

  it('draws a track as a line and one point per fix', () => {
    const features = trackFeatures([
      makeLocation({ timestamp: '2026-11-22T10:00:00Z' }),
      makeLocation({ timestamp: '2026-11-22T09:00:00Z' }),
    ])
    expect(features.map((f) => String(f.get('kind')))).toEqual(['track-line', 'track-point', 'track-point'])
  })
})
