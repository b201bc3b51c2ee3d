import { containsExtent, getWidth } from 'ol/extent'
import { fromLonLat } from 'ol/proj'
import { describe, expect, it } from 'vitest'

import { makeZone } from '@/testing/gps-data'

import { describeExtent, fitExtent, isPoint, zoneExtent } from './view-fit'

const home = makeZone({ name: 'Home', latitude: 37.7749, longitude: -122.4194, radius: 150 })
const bar = makeZone({ name: "Murphy's Bar", type: 'avoid', latitude: 37.8044, longitude: -122.2712, radius: 100 })

describe('what the map fits on open', () => {
  it('is nothing when there is neither a position nor an active zone', () => {
    expect(fitExtent(null, [])).toBeNull()
    expect(fitExtent(undefined, [makeZone({ isActive: false })])).toBeNull()
  })

  it('is a point for a position alone (the map centres on it)', () => {
    const extent = fitExtent({ lat: 37.78, lon: -122.41 }, [])!
    expect(isPoint(extent)).toBe(true)
    expect(describeExtent(extent)).toBe('-122.41000,37.78000,-122.41000,37.78000')
  })

  it('holds the position and every active zone whole, and leaves inactive ones out', () => {
    const position = { lat: 37.79, lon: -122.35 }
    const extent = fitExtent(position, [home, bar, makeZone({ latitude: 40.71, longitude: -74.0, isActive: false })])!
    expect(containsExtent(extent, zoneExtent(home)!)).toBe(true)
    expect(containsExtent(extent, zoneExtent(bar)!)).toBe(true)
    expect(containsExtent(extent, [...fromLonLat([position.lon, position.lat]), ...fromLonLat([position.lon, position.lat])])).toBe(true)
    const [west, south, east, north] = describeExtent(extent).split(',').map(Number)
    // Home's west edge is 150 m west of its centre; the bar's east edge 100 m east of its own.
    expect(west).toBeCloseTo(-122.4194 - 150 / (111_320 * Math.cos((37.7749 * Math.PI) / 180)), 4)
    expect(east).toBeCloseTo(-122.2712 + 100 / (111_320 * Math.cos((37.8044 * Math.PI) / 180)), 4)
    expect(south).toBeLessThan(37.7749)
    expect(north).toBeGreaterThan(37.8044)
  })

  it("takes a drawn area's outline", () => {
    const park = makeZone({
      shape: 'polygon',
      radius: null,
      polygon: { type: 'Polygon', coordinates: [[[-122.42, 37.77], [-122.40, 37.77], [-122.41, 37.79], [-122.42, 37.77]]] },
    })
    expect(describeExtent(fitExtent(null, [park])!)).toBe('-122.42000,37.77000,-122.40000,37.79000')
  })

  it('measures a circle on the ground: 300 m across is wider in map units far north', () => {
    const south = zoneExtent(makeZone({ latitude: 0, longitude: 0, radius: 150 }))!
    const north = zoneExtent(makeZone({ latitude: 60, longitude: 0, radius: 150 }))!
    expect(getWidth(south)).toBeCloseTo(300, -1)
    expect(getWidth(north) / getWidth(south)).toBeCloseTo(2, 1)
  })
})
