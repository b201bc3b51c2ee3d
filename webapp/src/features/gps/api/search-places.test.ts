import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { parsePlaces, placesUrl } from './search-places'

describe('address search', () => {
  it("reads Nominatim's format=json answer", () => {
    expect(
      parsePlaces([
        {
          place_id: 1,
          lat: '37.8044',
          lon: '-122.2712',
          name: "Murphy's Bar",
          display_name: "Murphy's Bar, 12 Broadway, Oakland, California, United States",
        },
        { lat: '51.5073219', lon: '-0.1276474', display_name: 'London, Greater London, England, United Kingdom' },
      ]),
    ).toEqual([
      { name: "Murphy's Bar", label: "Murphy's Bar, 12 Broadway, Oakland, California, United States", lat: 37.8044, lon: -122.2712 },
      { name: 'London', label: 'London, Greater London, England, United Kingdom', lat: 51.5073219, lon: -0.1276474 },
    ])
  })

  it('leaves out what is malformed or off the globe, and keeps five at most', () => {
    expect(parsePlaces({ error: 'Unable to geocode' })).toEqual([])
    expect(
      parsePlaces([
        null,
        'London',
        { lat: '', lon: '0', display_name: 'Nowhere' },
        { lat: '91', lon: '0', display_name: 'Past the pole' },
        { lat: '10', lon: 'east', display_name: 'Bad' },
        { lat: '10', lon: '20' },
        { lat: 10, lon: 20, display_name: 'Numbers are fine' },
      ]),
    ).toEqual([{ name: 'Numbers are fine', label: 'Numbers are fine', lat: 10, lon: 20 }])
    const many = Array.from({ length: 9 }, (_, i) => ({ lat: String(i), lon: '1', display_name: `Place ${i}` }))
    expect(parsePlaces(many)).toHaveLength(5)
  })

  it('never throws, and gives only places on the globe with a name, whatever the answer', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        for (const place of parsePlaces(body)) {
          expect(Math.abs(place.lat)).toBeLessThanOrEqual(90)
          expect(Math.abs(place.lon)).toBeLessThanOrEqual(180)
          expect(place.name).not.toBe('')
        }
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.record({ lat: fc.string(), lon: fc.string(), display_name: fc.string() })), (body) => {
        expect(() => parsePlaces(body)).not.toThrow()
      }),
    )
  })

  it('asks /search with the query, json and a limit, keeping the parameters the URL has', () => {
    expect(placesUrl('https://geo.example/search', '12 Broadway, Oakland').href).toBe(
      'https://geo.example/search?q=12+Broadway%2C+Oakland&format=json&limit=5',
    )
    expect(placesUrl('https://geo.example/v1/search?key=abc&format=xml', 'Home').href).toBe(
      'https://geo.example/v1/search?key=abc&format=json&q=Home&limit=5',
    )
  })
})
