import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubFetch } from '@/testing/fetch-stub'
import { makeLocation } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { useKeepSharing } from '../hooks/use-keep-sharing'
import { useWakeLock } from '../hooks/use-wake-lock'
import { KeepSharingStatus, KeepSharingSwitch } from './keep-sharing'

const LABEL = 'Keep sharing while this page is open'

/** The GPS page's wiring of the switch, its hooks and its status panel. */
function KeepSharingHarness({ intervalMs }: { intervalMs: number }) {
  const sharing = useKeepSharing({ intervalMs })
  const wakeLock = useWakeLock(sharing.on)
  return (
    <>
      <KeepSharingSwitch sharing={sharing} statusId="sharing-status" />
      <KeepSharingStatus id="sharing-status" sharing={sharing} wakeLock={wakeLock} timeZone="Europe/London" />
    </>
  )
}

/**
 * The browser's geolocation is an outside seam (a person's phone): this one
 * hands the page positions and errors when the test says so.
 */
function fakeGeolocation() {
  type Watch = { ok: PositionCallback; fail?: PositionErrorCallback | null; options?: PositionOptions }
  const watches = new Map<number, Watch>()
  let next = 1
  const geolocation = {
    watchPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) => {
      watches.set(next, { ok, fail, options })
      return next++
    }),
    clearWatch: vi.fn((id: number) => watches.delete(id)),
    getCurrentPosition: vi.fn(),
  }
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true })
  return {
    geolocation,
    watching: () => watches.size,
    options: () => [...watches.values()][0]?.options,
    move(latitude: number, longitude: number, accuracy: number) {
      const position = { coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition
      act(() => watches.forEach((w) => w.ok(position)))
    },
    fail(code: number) {
      const error = { code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError
      act(() => watches.forEach((w) => w.fail?.(error)))
    },
  }
}

/** A Screen Wake Lock that grants every request; `drop()` releases the held lock as a hidden page does. */
function fakeWakeLock() {
  const held: (EventTarget & { released: boolean; release: () => Promise<void> })[] = []
  const wakeLock = {
    request: vi.fn(() => {
      const sentinel = Object.assign(new EventTarget(), {
        released: false,
        type: 'screen',
        release: () => {
          sentinel.released = true
          sentinel.dispatchEvent(new Event('release'))
          return Promise.resolve()
        },
      })
      held.push(sentinel)
      return Promise.resolve(sentinel)
    }),
  }
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true })
  return { wakeLock, held }
}

function sharedBodies(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/gps/location' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown)
}

function stubShare() {
  return stubFetch({ 'POST /api/gps/location': { status: 201, body: makeLocation({ source: 'browser' }) } })
}

beforeEach(() => {
  return () => {
    Reflect.deleteProperty(navigator, 'geolocation')
    Reflect.deleteProperty(navigator, 'wakeLock')
  }
})
afterEach(() => vi.useRealTimers())

describe('Keep sharing while this page is open', () => {
  it('watches the position, sends the first fix at once and later ones no sooner than the interval', async () => {
    const gps = fakeGeolocation()
    const fetchMock = stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={400} />)
    const toggle = screen.getByRole('switch', { name: LABEL })
    expect(toggle).toHaveAttribute('aria-checked', 'false')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(gps.options()).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 })
    expect(screen.getByRole('heading', { name: 'Sharing…' })).toBeInTheDocument()
    expect(screen.getByTestId('keep-sharing-last')).toHaveTextContent('Waiting for your position…')

    gps.move(51.5, -0.12, 18.4)
    await waitFor(() => expect(screen.getByTestId('keep-sharing-last')).toHaveTextContent(/^Last sent .+, ±18 m$/))
    expect(sharedBodies(fetchMock)).toEqual([{ latitude: 51.5, longitude: -0.12, accuracy: 18.4 }])

    gps.move(51.501, -0.121, 9)
    gps.move(51.502, -0.122, 7)
    // Held back: the interval since the first send has not passed.
    expect(sharedBodies(fetchMock)).toHaveLength(1)
    await waitFor(() => expect(sharedBodies(fetchMock)).toHaveLength(2))
    expect(sharedBodies(fetchMock)[1]).toEqual({ latitude: 51.502, longitude: -0.122, accuracy: 7 })
    await waitFor(() => expect(screen.getByTestId('keep-sharing-last')).toHaveTextContent('±7 m'))
  })

  it('stops watching and sends nothing more when turned off', async () => {
    const gps = fakeGeolocation()
    const fetchMock = stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={60_000} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    gps.move(51.5, -0.12, 10)
    await waitFor(() => expect(sharedBodies(fetchMock)).toHaveLength(1))
    gps.move(51.6, -0.13, 10) // waiting for the interval

    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(gps.geolocation.clearWatch).toHaveBeenCalledTimes(1)
    expect(gps.watching()).toBe(0)
    expect(screen.queryByRole('heading', { name: 'Sharing…' })).not.toBeInTheDocument()
    expect(sharedBodies(fetchMock)).toHaveLength(1)
  })

  it('is turned on and off with the keyboard', async () => {
    fakeGeolocation()
    stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={1000} />)
    await user.tab()
    expect(screen.getByRole('switch', { name: LABEL })).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'true')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'false')
  })

  it.each([
    { name: 'permission denied', code: 1, message: /this site may not use your location/ },
    { name: 'position unavailable', code: 2, message: /could not find your position/ },
  ])('turns itself off and says why when the $name', async ({ code, message }) => {
    const gps = fakeGeolocation()
    stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={1000} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    gps.fail(code)
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'false')
    expect(gps.watching()).toBe(0)

    // Turning it on again clears the message.
    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('keeps sharing when the position is lost after a fix, says so, and goes on when it is found', async () => {
    const gps = fakeGeolocation()
    const fetchMock = stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={100} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    gps.move(51.5, -0.12, 10)
    await waitFor(() => expect(sharedBodies(fetchMock)).toHaveLength(1))
    gps.fail(2)
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser lost your position')
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'true')
    expect(gps.watching()).toBe(1)
    gps.move(51.6, -0.13, 10)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(sharedBodies(fetchMock)).toHaveLength(2))
  })

  it('says so when the browser has no geolocation, and stays off', async () => {
    stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={1000} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(screen.getByRole('alert')).toHaveTextContent('Geolocation is not supported by your browser.')
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'false')
  })

  it('warns when a send fails and keeps sharing; the next fix clears the warning', async () => {
    const gps = fakeGeolocation()
    let fail = true
    stubFetch({
      'POST /api/gps/location': () =>
        fail
          ? new Response(JSON.stringify({ message: 'down' }), { status: 503 })
          : new Response(JSON.stringify(makeLocation()), { status: 201 }),
    })
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={100} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    gps.move(51.5, -0.12, 10)
    expect(await screen.findByRole('alert')).toHaveTextContent("The last position couldn't be sent")
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'true')
    fail = false
    gps.move(51.5, -0.12, 10)
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(screen.getByTestId('keep-sharing-last')).toHaveTextContent('±10 m')
  })

  it('keeps the screen on, asks again when the page is visible after being hidden, and lets go when off', async () => {
    fakeGeolocation()
    stubShare()
    const { wakeLock, held } = fakeWakeLock()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={1000} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(await screen.findByText(/The screen stays on while sharing\./)).toBeInTheDocument()
    expect(wakeLock.request).toHaveBeenCalledWith('screen')

    // Hiding the page releases the lock; showing it again asks anew.
    await act(async () => {
      await held[0].release()
    })
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(2))
    expect(await screen.findByText(/The screen stays on while sharing\./)).toBeInTheDocument()

    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(held[1].released).toBe(true)
  })

  it('is honest about what a browser cannot do, and links to the phone apps', async () => {
    fakeGeolocation()
    stubShare()
    const { user } = renderWithProviders(<KeepSharingHarness intervalMs={30_000} />)
    await user.click(screen.getByRole('switch', { name: LABEL }))
    expect(screen.getByText(/at most every 30 seconds/)).toBeInTheDocument()
    expect(screen.getByText(/This browser can't keep the screen on/)).toBeInTheDocument()
    expect(screen.getByText(/Your browser stops sharing when you close this page/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Connect a phone app' })).toHaveAttribute('href', '#pair-phone')
  })
})
