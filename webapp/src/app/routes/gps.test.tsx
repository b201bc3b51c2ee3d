import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { LiveMapProps } from '@/features/gps/components/map/live-map'
import { makeAlert } from '@/testing/checkin-data'
import { makeUser } from '@/testing/data'
import { EventSourceStub, stubEventSource } from '@/testing/event-source-stub'
import { pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { makeLocation, makeZone } from '@/testing/gps-data'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// OpenLayers needs a real canvas: the e2e suite draws it. Here the lazy map
// is replaced by a list of what it would draw.
vi.mock('@/features/gps/components/map/live-map', () => ({
  default: (props: LiveMapProps) => (
    <div
      data-testid="live-map"
      data-center={`${props.center.lat},${props.center.lon}`}
      data-marker={props.latest ? `${props.latest.latitude},${props.latest.longitude}` : ''}
      data-zones={props.zones
        .filter((z) => z.isActive)
        .map((z) => `${z.type}:${z.name}`)
        .join('|')}
      data-tiles={props.tileUrl}
      data-evidence={(props.evidence ?? []).map((p) => `${p.lat},${p.lon}`).join('|')}
    />
  ),
}))

type Position = { coords: { latitude: number; longitude: number; accuracy: number } }
type Geolocation = { getCurrentPosition: (ok: (p: Position) => void, fail: (e: unknown) => void) => void }

function stubGeolocation(geolocation: Geolocation | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true })
}

const here: Position = { coords: { latitude: 40.7128, longitude: -74.006, accuracy: 20 } }

beforeAll(preloadFormScreens)

beforeEach(() => {
  stubEventSource()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
})

afterEach(() => {
  vi.useRealTimers()
  stubGeolocation(undefined)
})

const today = '/api/gps/locations?limit=1000&from=2026-11-22T00%3A00%3A00.000Z&to=2026-11-23T00%3A00%3A00.000Z'

function renderGps(routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: makeUser({ timezone: 'Europe/London' }) },
    '/api/app-config': { body: { mapTileUrl: '', mapAttribution: '', geocoderUrl: '' } },
    '/api/gps/latest': { body: null },
    '/api/gps/locations': { body: [] },
    [today]: { body: [] },
    '/api/safe-zones': { body: [] },
    '/api/alerts': { body: [] },
    '/api/devices': { body: [] },
    ...routes,
  })
  return { fetchMock, ...renderApp('/gps') }
}

describe('/gps', () => {
  it('shows the title, the empty cards and the map at San Francisco', async () => {
    renderGps()
    expect(await screen.findByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeInTheDocument()
    expect(
      await screen.findByText('No location data available yet. Click "Share My Location" to get started.'),
    ).toBeInTheDocument()
    expect(await screen.findByText('No safe zones configured yet.')).toBeInTheDocument()
    expect(await screen.findByText('No location history available.')).toBeInTheDocument()
    const map = await screen.findByTestId('live-map')
    expect(map).toHaveAttribute('data-center', '37.7749,-122.4194')
    expect(map).toHaveAttribute('data-marker', '')
    expect(map).toHaveAttribute('data-tiles', '')
  })

  it('centres on the latest location and draws only active zones', async () => {
    renderGps({
      '/api/gps/latest': { body: makeLocation({ latitude: 51.5, longitude: -0.12 }) },
      '/api/safe-zones': {
        body: [
          makeZone({ name: 'Home' }),
          makeZone({ name: 'Old bar', type: 'avoid' }),
          makeZone({ name: 'Gym', isActive: false }),
        ],
      },
    })
    const map = await screen.findByTestId('live-map')
    await waitFor(() => expect(map).toHaveAttribute('data-center', '51.5,-0.12'))
    expect(map).toHaveAttribute('data-marker', '51.5,-0.12')
    await waitFor(() => expect(map).toHaveAttribute('data-zones', 'safe:Home|avoid:Old bar'))
    expect(screen.getByText('Gym')).toBeInTheDocument()
  })

  it('shares the location: disabled while pending, then Location Shared and the map centres there', async () => {
    let answer: (r: Response) => void = () => {}
    stubGeolocation({ getCurrentPosition: (ok) => ok(here) })
    const { user, fetchMock } = renderGps({
      'POST /api/gps/location': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const button = await screen.findByRole('button', { name: 'Share My Location' })
    await user.click(button)
    expect(button).toBeDisabled()
    expect(sentBody(fetchMock, 'POST', '/api/gps/location')).toEqual({ latitude: 40.7128, longitude: -74.006, accuracy: 20 })

    act(() => answer(new Response(JSON.stringify(makeLocation({ source: 'manual' })), { status: 201 })))
    expect(await screen.findByText('Location Shared')).toBeInTheDocument()
    expect(screen.getByText('Your bracelet location has been updated successfully.')).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled())
    // The latest is still null in this stub, so the just-shared place is the centre.
    expect(screen.getByTestId('live-map')).toHaveAttribute('data-center', '40.7128,-74.006')
  })

  it('says Location Error when the browser refuses', async () => {
    stubGeolocation({ getCurrentPosition: (_ok, fail) => fail({ code: 1, message: 'denied' }) })
    const { user } = renderGps()
    await user.click(await screen.findByRole('button', { name: 'Share My Location' }))
    expect(await screen.findByText('Location Error')).toBeInTheDocument()
    expect(screen.getByText('Unable to get your current location. Please enable location services.')).toBeInTheDocument()
  })

  it('says Not Supported without geolocation', async () => {
    stubGeolocation(undefined)
    const { user } = renderGps()
    await user.click(await screen.findByRole('button', { name: 'Share My Location' }))
    expect(await screen.findByText('Not Supported')).toBeInTheDocument()
    expect(screen.getByText('Geolocation is not supported by your browser.')).toBeInTheDocument()
  })

  it('says Error when the server fails', async () => {
    stubGeolocation({ getCurrentPosition: (ok) => ok(here) })
    const { user } = renderGps({ 'POST /api/gps/location': { status: 500, body: { error: 'internal' } } })
    await user.click(await screen.findByRole('button', { name: 'Share My Location' }))
    expect(await screen.findByText('Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to share location. Please try again.')).toBeInTheDocument()
  })

  it('moves the status card, the history and the marker when a fix arrives live', async () => {
    const first = makeLocation({ id: 1, timestamp: '2026-11-22T11:00:00Z', batteryLevel: 90 })
    const stored = [first]
    renderGps({
      '/api/gps/latest': { body: first },
      '/api/gps/locations': () => new Response(JSON.stringify(stored), { status: 200 }),
    })
    expect(await screen.findByTestId('status-battery')).toHaveTextContent('90%')
    expect(await screen.findAllByTestId('history-row')).toHaveLength(1)

    const fix = makeLocation({ timestamp: '2026-11-22T11:59:00Z', latitude: 37.8, longitude: -122.4, batteryLevel: 55, source: 'bracelet' })
    stored.unshift(fix)
    // The stream does not number fixes (id 0); the refetch that follows brings the stored one.
    act(() => EventSourceStub.latest()!.emit('location', { ...fix, id: 0 }))
    await waitFor(() => expect(screen.getByTestId('status-battery')).toHaveTextContent('55%'))
    expect(screen.getByTestId('status-last-update')).toHaveTextContent('11:59:00 AM')
    expect(screen.getAllByTestId('history-row')).toHaveLength(2)
    expect(screen.getByTestId('live-map')).toHaveAttribute('data-marker', '37.8,-122.4')
  })

  it('answers "Why this alert?" with the evidence and draws its fixes', async () => {
    const alert = makeAlert({ id: 9, type: 'geofence_enter_avoid', message: 'You entered Old bar at 9:04 PM.', link: '/gps' })
    const { user } = renderGps({
      '/api/alerts': { body: [alert, makeAlert({ id: 10, type: 'milestone', message: 'A week!' })] },
      '/api/alerts/9': {
        body: {
          ...alert,
          evidence: {
            rule: 'entered: accuracy circle inside by more than the margin, 3 fixes',
            marginM: 10,
            fixes: [
              { ts: '2026-11-22T21:03:00Z', lat: 37.7793, lon: -122.4193, accuracyM: 4, distanceToEdgeM: -42.4 },
              { ts: '2026-11-22T21:04:00Z', lat: 37.7794, lon: -122.4192, accuracyM: 5, distanceToEdgeM: -51 },
            ],
          },
        },
      },
    })
    const zoneAlerts = await screen.findByRole('region', { name: 'Zone alerts' })
    expect(within(zoneAlerts).queryByText('A week!')).not.toBeInTheDocument()
    await user.click(within(zoneAlerts).getByRole('button', { name: 'Why this alert?' }))
    const evidence = await screen.findByTestId('alert-evidence')
    expect(await within(evidence).findByTestId('alert-reason')).toHaveTextContent(/^You went into a place you chose to avoid at \d{1,2}:\d\d [AP]M\.$/)
    await user.click(within(evidence).getByRole('button', { name: 'Details' }))
    expect(await within(evidence).findByText(/3 fixes/)).toBeInTheDocument()
    expect(evidence).toHaveTextContent('Safety margin: 10 m')
    expect(evidence).toHaveTextContent('accuracy ±4 m, 42 m inside the edge')
    await waitFor(() =>
      expect(screen.getByTestId('live-map')).toHaveAttribute('data-evidence', '37.7793,-122.4193|37.7794,-122.4192'),
    )
    await user.click(within(zoneAlerts).getByRole('button', { name: 'Hide the reasons' }))
    await waitFor(() => expect(screen.getByTestId('live-map')).toHaveAttribute('data-evidence', ''))
  })

  it('shows the map placeholder until the app config arrives', async () => {
    renderGps({ '/api/app-config': pending })
    expect(await screen.findByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeInTheDocument()
    expect(screen.queryByTestId('live-map')).not.toBeInTheDocument()
  })
})
