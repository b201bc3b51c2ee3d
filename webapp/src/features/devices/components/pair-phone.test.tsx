import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { makeDevice } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { BraceletsCard } from './bracelets-card'

const PHONE = { id: 'brc_p40n3x9q2m7w', name: 'My phone', kind: 'phone', token: 'tok_PHONE+SECRET' }
const ORIGIN = window.location.origin

function phoneRoutes() {
  let devices: unknown[] = []
  return stubFetch({
    '/api/devices': () => new Response(JSON.stringify(devices), { status: 200 }),
    'POST /api/devices': () => {
      devices = [makeDevice({ id: PHONE.id, name: PHONE.name, health: 'never_seen' })]
      return new Response(JSON.stringify({ ...PHONE, createdAt: '2026-11-22T12:00:00Z' }), { status: 201 })
    },
  })
}

/** The inline configuration of an owntracks:///config?inline= link, decoded as the app does. */
function ownTracksConfigOf(link: string): Record<string, unknown> {
  const inline = new URL(link).searchParams.get('inline') ?? ''
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)))) as Record<string, unknown>
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('Pairing a phone', () => {
  it('pairs a phone and shows, per app, what to type, a QR code and a setup link', async () => {
    const fetchMock = phoneRoutes()
    const { user } = renderWithProviders(<BraceletsCard />)
    await user.click(await screen.findByRole('button', { name: 'Pair a bracelet or phone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pair a bracelet or phone' })
    const kinds = within(dialog).getByRole('radiogroup', { name: 'What are you pairing?' })
    expect(within(kinds).getByRole('radio', { name: 'Bracelet' })).toBeChecked()
    await user.click(within(kinds).getByRole('radio', { name: 'Phone app' }))
    await user.type(within(dialog).getByLabelText('Phone name'), 'My phone')
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }))

    const done = await screen.findByRole('dialog', { name: 'My phone is paired' })
    expect(sentBody(fetchMock, 'POST', '/api/devices')).toEqual({ name: 'My phone', kind: 'phone' })
    const apps = within(done).getByRole('radiogroup', { name: 'Your app' })
    expect(within(apps).getByRole('radio', { name: 'OwnTracks' })).toBeChecked()

    // OwnTracks: the QR code (lazily loaded), the inline configuration and the typed settings.
    expect(await within(done).findByRole('img', { name: 'QR code that sets up OwnTracks' })).toBeInTheDocument()
    expect(within(done).getByTestId('setup-qr').querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    const ownTracksLink = within(done).getByTestId('setup-link').textContent ?? ''
    expect(within(done).getByRole('link', { name: 'Open in OwnTracks' })).toHaveAttribute('href', ownTracksLink)
    expect(ownTracksConfigOf(ownTracksLink)).toEqual({
      _type: 'configuration',
      mode: 3,
      url: `${ORIGIN}/api/ingest/owntracks`,
      auth: true,
      username: PHONE.id,
      password: PHONE.token,
      deviceId: PHONE.id,
      tid: 'MP',
    })
    expect(within(done).getByTestId('setup-url')).toHaveTextContent(`${ORIGIN}/api/ingest/owntracks`)
    expect(within(done).getByTestId('setup-username')).toHaveTextContent(PHONE.id)
    expect(within(done).getByTestId('setup-password')).toHaveTextContent(PHONE.token)
    expect(within(done).getByRole('button', { name: 'Copy Password' })).toBeInTheDocument()

    // Overland: its setup link carries the endpoint, the device secret and the device ID.
    await user.click(within(apps).getByRole('radio', { name: /Overland/ }))
    expect(await within(done).findByRole('img', { name: 'QR code that sets up Overland' })).toBeInTheDocument()
    const overland = new URL(within(done).getByTestId('setup-link').textContent ?? '')
    expect(overland.protocol).toBe('overland:')
    expect(overland.searchParams.get('url')).toBe(`${ORIGIN}/api/ingest/overland`)
    expect(overland.searchParams.get('token')).toBe(`${PHONE.id}.${PHONE.token}`)
    expect(overland.searchParams.get('device_id')).toBe(PHONE.id)
    expect(within(done).getByTestId('setup-secret')).toHaveTextContent(`${PHONE.id}.${PHONE.token}`)

    // Traccar Client / GPSLogger: no link to open, only what to type.
    await user.click(within(apps).getByRole('radio', { name: /Traccar Client/ }))
    expect(within(done).queryByRole('img')).not.toBeInTheDocument()
    expect(within(done).getByTestId('setup-url')).toHaveTextContent(`${ORIGIN}/api/ingest/osmand`)
    expect(within(done).getByTestId('setup-secret')).toHaveTextContent(`${PHONE.id}.${PHONE.token}`)
    expect(within(done).getByTestId('setup-gpslogger-url')).toHaveTextContent(
      `${ORIGIN}/api/ingest/osmand?id=${PHONE.id}.tok_PHONE%2BSECRET&lat=%LAT&lon=%LON`,
    )

    // Closing forgets the token for good.
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText(PHONE.token, { exact: false })).not.toBeInTheDocument()
  })

  it('warns when the page is not served over HTTPS', async () => {
    phoneRoutes()
    const { user } = renderWithProviders(<BraceletsCard />)
    await user.click(await screen.findByRole('button', { name: 'Pair a bracelet or phone' }))
    await user.click(screen.getByRole('radio', { name: 'Phone app' }))
    await user.type(screen.getByLabelText('Phone name'), 'My phone')
    await user.click(screen.getByRole('button', { name: 'Pair' }))
    const done = await screen.findByRole('dialog', { name: 'My phone is paired' })
    expect(ORIGIN.startsWith('http:')).toBe(true)
    expect(within(done).getByText(/not served over HTTPS/)).toBeInTheDocument()
  })

  it('opens on "Phone app" when the page is visited at #pair-phone', async () => {
    phoneRoutes()
    window.history.replaceState(null, '', '/gps#pair-phone')
    renderWithProviders(<BraceletsCard />)
    const dialog = await screen.findByRole('dialog', { name: 'Pair a bracelet or phone' })
    expect(within(dialog).getByRole('radio', { name: 'Phone app' })).toBeChecked()
    expect(within(dialog).getByLabelText('Phone name')).toBeInTheDocument()
    // The fragment is dropped, so the same link opens the dialog again later.
    expect(window.location.hash).toBe('')
  })
})
