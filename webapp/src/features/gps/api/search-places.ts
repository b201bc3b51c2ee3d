import { queryOptions, useQuery } from '@tanstack/react-query'

import { GEOCODER_RESULTS } from '../content'
import type { Place } from '../types'
import { gpsKeys } from './gps-keys'

/*
 * The zone editor's address search asks the geocoder the server names in
 * its app config (`geocoderUrl`, a Nominatim-compatible `/search`), from the
 * browser: the CSP allows that origin only when it is configured. One
 * request per search the person asks for, never while they type (the
 * public Nominatim's usage policy forbids search-as-you-type).
 */

const LABEL_MAX = 200

const inRange = (n: number, limit: number) => Number.isFinite(n) && Math.abs(n) <= limit

/**
 * Nominatim's `format=json` answer: an array of places whose `lat` and
 * `lon` are decimal strings, with a `display_name` (and, in newer
 * versions, a short `name`). Outside input: anything malformed is left out.
 */
export function parsePlaces(body: unknown): Place[] {
  if (!Array.isArray(body)) return []
  const places: Place[] = []
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { lat, lon, name, display_name: displayName } = item as Record<string, unknown>
    if ((typeof lat !== 'string' && typeof lat !== 'number') || (typeof lon !== 'string' && typeof lon !== 'number')) continue
    const latitude = Number(lat)
    const longitude = Number(lon)
    if (String(lat).trim() === '' || String(lon).trim() === '' || !inRange(latitude, 90) || !inRange(longitude, 180)) continue
    const label = typeof displayName === 'string' ? displayName.trim().slice(0, LABEL_MAX) : ''
    const short = typeof name === 'string' && name.trim() !== '' ? name.trim() : label.split(',')[0].trim()
    if (short === '') continue
    places.push({ name: short.slice(0, LABEL_MAX), label: label || short, lat: latitude, lon: longitude })
    if (places.length === GEOCODER_RESULTS) break
  }
  return places
}

/** `GET {geocoderUrl}?q=…&format=json&limit=5`, keeping any parameters the URL already has (an API key, countrycodes). */
export function placesUrl(geocoderUrl: string, query: string): URL {
  const url = new URL(geocoderUrl)
  url.searchParams.set('q', query)
  url.searchParams.set('format', 'json')
  url.searchParams.set('limit', String(GEOCODER_RESULTS))
  return url
}

export async function searchPlaces(geocoderUrl: string, query: string, { signal }: { signal?: AbortSignal } = {}): Promise<Place[]> {
  const response = await fetch(placesUrl(geocoderUrl, query), {
    signal,
    headers: { Accept: 'application/json' },
    // No cookies to another service; our origin (not the page) as the
    // referrer, which the public Nominatim asks of browser applications.
    credentials: 'omit',
    referrerPolicy: 'strict-origin',
  })
  if (!response.ok) throw new Error(`geocoder: ${response.status}`)
  return parsePlaces(await response.json())
}

/** The places found for `query` ("" asks nothing). */
export function useSearchPlaces(geocoderUrl: string, query: string) {
  return useQuery(
    queryOptions({
      queryKey: gpsKeys.places(geocoderUrl, query),
      queryFn: ({ signal }) => searchPlaces(geocoderUrl, query, { signal }),
      enabled: geocoderUrl !== '' && query !== '',
      staleTime: Infinity,
      retry: false,
    }),
  )
}
