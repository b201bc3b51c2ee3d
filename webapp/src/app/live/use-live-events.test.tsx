import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { makeAlert } from '@/testing/checkin-data'
import { makeUser } from '@/testing/data'
import { EventSourceStub, stubEventSource } from '@/testing/event-source-stub'
import { stubFetch } from '@/testing/fetch-stub'
import { makeStats } from '@/testing/checkin-data'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

vi.mock('@/features/checkins/components/mood-chart-canvas', () => ({ default: () => null }))

function renderDashboard(alerts = [makeAlert({ id: 1, message: 'Seven days strong.' })]) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: makeUser() },
    '/api/checkins/today': { body: null },
    '/api/stats': { body: makeStats() },
    '/api/checkins?limit=7': { body: [] },
    '/api/alerts': { body: alerts },
  })
  return { fetchMock, ...renderApp('/') }
}

/** How many times the alerts were asked for. */
function alertCalls(fetchMock: ReturnType<typeof stubFetch>): number {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/alerts').length
}

beforeEach(async () => {
  await preloadFormScreens()
  stubEventSource()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the live stream of the signed-in shell', () => {
  it('opens one stream with credentials, and closes it when the shell goes', async () => {
    const { unmount } = renderDashboard()
    expect(await screen.findByText('Seven days strong.')).toBeInTheDocument()
    expect(EventSourceStub.instances).toHaveLength(1)
    const stream = EventSourceStub.instances[0]
    expect(stream.url).toBe('/api/events')
    expect(stream.withCredentials).toBe(true)
    unmount()
    expect(stream.readyState).toBe(EventSourceStub.CLOSED)
  })

  it('puts a new geofence alert on the dashboard without a reload, with a toast', async () => {
    const { fetchMock } = renderDashboard()
    await screen.findByText('Seven days strong.')
    const stream = EventSourceStub.latest()!
    act(() => stream.open())
    // An avoid-zone alert's actions ask who the sponsor is; the alerts are not asked for again.
    const calls = alertCalls(fetchMock)

    act(() =>
      stream.emit(
        'alert',
        makeAlert({ id: 2, type: 'geofence_enter_avoid', message: 'You entered Old bar at 9:04 PM.', link: '/gps' }),
        '2',
      ),
    )

    expect(await screen.findByText('Avoid zone entered')).toBeInTheDocument()
    expect(screen.getAllByText('You entered Old bar at 9:04 PM.')).toHaveLength(2) // the list and the toast
    expect(screen.getAllByTestId('alert')).toHaveLength(2)
    expect(alertCalls(fetchMock)).toBe(calls) // no refetch needed
  })

  it('adds other alerts to the list without a toast, and each alert once', async () => {
    renderDashboard()
    await screen.findByText('Seven days strong.')
    const stream = EventSourceStub.latest()!
    const alert = makeAlert({ id: 3, type: 'low_battery', message: 'Your bracelet is at 15%.' })
    act(() => {
      stream.emit('alert', alert)
      stream.emit('alert', alert)
    })
    expect(await screen.findByText('Your bracelet is at 15%.')).toBeInTheDocument()
    expect(screen.getAllByText('Your bracelet is at 15%.')).toHaveLength(1)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('opens a new stream after it closed for good, and refetches what it may have missed', async () => {
    const { fetchMock } = renderDashboard()
    await screen.findByText('Seven days strong.')
    const first = EventSourceStub.latest()!
    act(() => first.open())
    vi.useFakeTimers()
    act(() => first.fail())
    expect(EventSourceStub.instances).toHaveLength(1)
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(EventSourceStub.instances).toHaveLength(2)
    vi.useRealTimers()

    const before = alertCalls(fetchMock)
    act(() => EventSourceStub.latest()!.open())
    await waitFor(() => expect(alertCalls(fetchMock)).toBe(before + 1))
  })
})
