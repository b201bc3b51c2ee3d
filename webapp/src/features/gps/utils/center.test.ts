import { describe, expect, it } from 'vitest'

import { makeLocation } from '@/testing/gps-data'

import { DEFAULT_CENTER } from '../content'
import { mapCenter } from './center'

describe('mapCenter (docs/spec.md: latest, else just shared, else San Francisco)', () => {
  it('uses the latest location when there is one, even after a share', () => {
    const latest = makeLocation({ latitude: 51.5, longitude: -0.12 })
    expect(mapCenter(latest, { lat: 10, lon: 20 })).toEqual({ lat: 51.5, lon: -0.12 })
  })

  it('uses the location just shared while there is no latest', () => {
    expect(mapCenter(null, { lat: 10, lon: 20 })).toEqual({ lat: 10, lon: 20 })
    expect(mapCenter(undefined, { lat: 10, lon: 20 })).toEqual({ lat: 10, lon: 20 })
  })

  it('falls back to 37.7749, -122.4194', () => {
    expect(mapCenter(null, null)).toEqual({ lat: 37.7749, lon: -122.4194 })
    expect(DEFAULT_CENTER).toEqual({ lat: 37.7749, lon: -122.4194 })
  })
})
