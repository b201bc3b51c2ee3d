import { describe, expect, it } from 'vitest'

import {
  deviceSecret,
  gpsLoggerUrl,
  ingestUrl,
  overlandLink,
  ownTracksConfiguration,
  ownTracksLink,
  trackerId,
} from './phone-setup'

const ORIGIN = 'https://lifeline.example.org'
const PHONE = { id: 'brc_7hq2m9xk4tfa3wbe', token: 'Zq0v-_abc+/=DEF', name: 'My phone' }

/** Reads an owntracks:///config?inline= link back the way the app does: query value, base64, UTF-8 JSON. */
function decodeOwnTracksLink(link: string): unknown {
  const url = new URL(link)
  expect(url.protocol).toBe('owntracks:')
  expect(url.pathname).toBe('/config')
  const inline = url.searchParams.get('inline') ?? ''
  const bytes = Uint8Array.from(atob(inline), (c) => c.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes))
}

describe('phone setup', () => {
  it('builds each app’s endpoint on this server', () => {
    expect(ingestUrl(ORIGIN, 'owntracks')).toBe('https://lifeline.example.org/api/ingest/owntracks')
    expect(ingestUrl(ORIGIN, 'overland')).toBe('https://lifeline.example.org/api/ingest/overland')
    expect(ingestUrl(ORIGIN, 'osmand')).toBe('https://lifeline.example.org/api/ingest/osmand')
  })

  it('joins the device ID and token into the device secret', () => {
    expect(deviceSecret(PHONE)).toBe('brc_7hq2m9xk4tfa3wbe.Zq0v-_abc+/=DEF')
  })

  it('puts an HTTP-mode OwnTracks configuration with the credentials into the inline link', () => {
    const link = ownTracksLink(ownTracksConfiguration(ORIGIN, PHONE))
    expect(link.startsWith('owntracks:///config?inline=')).toBe(true)
    // The base64 is percent-encoded: no raw "+", "/" or "=" in the query.
    expect(link.slice('owntracks:///config?inline='.length)).toMatch(/^[A-Za-z0-9%]+$/)
    expect(decodeOwnTracksLink(link)).toEqual({
      _type: 'configuration',
      mode: 3,
      url: 'https://lifeline.example.org/api/ingest/owntracks',
      auth: true,
      username: 'brc_7hq2m9xk4tfa3wbe',
      password: 'Zq0v-_abc+/=DEF',
      deviceId: 'brc_7hq2m9xk4tfa3wbe',
      tid: 'MP',
    })
  })

  it('encodes a name outside Latin-1 as UTF-8', () => {
    const config = ownTracksConfiguration(ORIGIN, { ...PHONE, name: 'Телефон Ани' })
    expect(config.tid).toBe('ТА')
    expect(decodeOwnTracksLink(ownTracksLink(config))).toMatchObject({ tid: 'ТА' })
  })

  it('builds Overland’s setup link with the endpoint, the device secret as token and the device ID', () => {
    const link = overlandLink(ORIGIN, PHONE)
    const url = new URL(link)
    expect(url.protocol).toBe('overland:')
    expect(url.host).toBe('setup')
    expect(url.searchParams.get('url')).toBe('https://lifeline.example.org/api/ingest/overland')
    expect(url.searchParams.get('token')).toBe('brc_7hq2m9xk4tfa3wbe.Zq0v-_abc+/=DEF')
    expect(url.searchParams.get('device_id')).toBe('brc_7hq2m9xk4tfa3wbe')
    // "+" in the token is percent-encoded, never left for a parser to read as a space.
    expect(link).toContain('Zq0v-_abc%2B%2F%3DDEF')
  })

  it('gives GPSLogger a custom URL with the secret and its placeholders', () => {
    const url = gpsLoggerUrl(ORIGIN, PHONE)
    expect(url).toBe(
      'https://lifeline.example.org/api/ingest/osmand?id=brc_7hq2m9xk4tfa3wbe.Zq0v-_abc%2B%2F%3DDEF&lat=%LAT&lon=%LON&timestamp=%TIMESTAMP&accuracy=%ACC&altitude=%ALT&batt=%BATT',
    )
  })

  it.each([
    { name: 'My phone', want: 'MP' },
    { name: 'phone', want: 'PH' },
    { name: "Rosa's Pixel 8", want: 'RP' },
    { name: 'x', want: 'X' },
    { name: '📱', want: 'ME' },
  ])('tracker ID of "$name" is $want', ({ name, want }) => {
    expect(trackerId(name)).toBe(want)
  })
})
