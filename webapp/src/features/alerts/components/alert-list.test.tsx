import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { formatClock } from '@/lib/date-format'
import { makeAlert } from '@/testing/checkin-data'
import { jsonResponse, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { useAlerts } from '../api/get-alerts'
import { alertsText } from '../content'
import type { Alert } from '../types'
import { AlertList } from './alert-list'

function AlertsFromQuery() {
  const { data } = useAlerts()
  return data ? <AlertList alerts={data} /> : null
}

/**
 * A tiny alerts server: GET lists them, PATCH /api/alerts/{id}/read marks one
 * read (204). `overrides` replace any answer. The list renders from the
 * alerts query, as on the dashboard, so a dismissal's refetch shows.
 */
function renderAlerts(initial: Alert[], overrides: FetchRoutes = {}) {
  let current = initial
  const routes: FetchRoutes = { '/api/alerts': () => jsonResponse({ body: current }) }
  for (const alert of initial) {
    routes[`PATCH /api/alerts/${alert.id}/read`] = () => {
      current = current.map((a) => (a.id === alert.id ? { ...a, isRead: true } : a))
      return jsonResponse({ status: 204 })
    }
  }
  const fetchMock = stubFetch({ ...routes, ...overrides })
  return { ...renderWithProviders(<AlertsFromQuery />), fetchMock }
}

describe('AlertList', () => {
  it('shows at most 3 unread alerts and counts the rest', async () => {
    renderAlerts([
      makeAlert({ id: 1, message: 'First' }),
      makeAlert({ id: 2, message: 'Read already', isRead: true }),
      makeAlert({ id: 3, message: 'Second' }),
      makeAlert({ id: 4, message: 'Third' }),
      makeAlert({ id: 5, message: 'Fourth' }),
      makeAlert({ id: 6, message: 'Fifth' }),
    ])

    const items = await screen.findAllByTestId('alert')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('First')
    expect(items[1]).toHaveTextContent('Second')
    expect(items[2]).toHaveTextContent('Third')
    expect(screen.queryByText('Read already')).not.toBeInTheDocument()
    expect(screen.getByText('+2 more notifications')).toBeInTheDocument()
  })

  it('has no "more" line for 3 or fewer', async () => {
    renderAlerts([makeAlert({ message: 'Only one' })])

    expect(await screen.findByText('Only one')).toBeInTheDocument()
    expect(screen.queryByText(/more notification/)).not.toBeInTheDocument()
  })

  it('shows nothing without unread alerts', async () => {
    const { fetchMock } = renderAlerts([makeAlert({ isRead: true })])

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/alerts', expect.anything()))
    expect(screen.queryByTestId('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: alertsText.title })).not.toBeInTheDocument()
  })

  it('words the count for one more alert', () => {
    expect(alertsText.more(1)).toBe('+1 more notification')
    expect(alertsText.more(4)).toBe('+4 more notifications')
  })

  it('offers the link of an alert as a next step', async () => {
    renderAlerts([
      makeAlert({ message: 'Reach out', type: 'concerning_pattern', link: '/crisis' }),
      makeAlert({ message: 'Milestone here', type: 'milestone', link: '/' }),
      makeAlert({ message: 'No check-in yet', type: 'missed_checkin', link: '/checkin' }),
    ])

    const [concern, milestone, missed] = await screen.findAllByTestId('alert')
    expect(within(concern).getByRole('link', { name: /Get support now/ })).toHaveAttribute('href', '/crisis')
    expect(within(missed).getByRole('link', { name: /Check in now/ })).toHaveAttribute('href', '/checkin')
    // A link to the dashboard itself is no next step.
    expect(within(milestone).queryByRole('link')).not.toBeInTheDocument()
  })

  it('dismisses with PATCH /api/alerts/{id}/read and refreshes the list', async () => {
    const { user, fetchMock } = renderAlerts([1, 2, 3, 4].map((id) => makeAlert({ id, message: `Alert number ${id}` })))
    expect(await screen.findByText('+1 more notification')).toBeInTheDocument()

    const first = screen.getAllByTestId('alert')[0]
    await user.click(within(first).getByRole('button', { name: alertsText.dismiss }))

    await waitFor(() => expect(screen.queryByText('Alert number 1')).not.toBeInTheDocument())
    expect(screen.getByText('Alert number 4')).toBeInTheDocument()
    expect(screen.queryByText(/more notification/)).not.toBeInTheDocument()
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')
    expect(patch?.[0]).toBe('/api/alerts/1/read')
    expect(patch?.[1]?.body).toBeUndefined()
  })

  it('only logs a failed dismissal to the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderAlerts([makeAlert({ id: 9, message: 'Stays here' })], {
      'PATCH /api/alerts/9/read': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })

    await user.click(await screen.findByRole('button', { name: alertsText.dismiss }))

    await waitFor(() => expect(consoleError).toHaveBeenCalled())
    expect(screen.getByText('Stays here')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('answers "Why this alert?" for a geofence alert only, from GET /api/alerts/{id}', async () => {
    const geofence = makeAlert({ id: 21, type: 'geofence_exit_safe', message: 'You left Home at 11:02 PM.', link: '/gps' })
    const { user } = renderAlerts([geofence, makeAlert({ id: 22, message: 'A week!' })], {
      '/api/alerts/21': {
        body: {
          ...geofence,
          zoneName: 'Home',
          evidence: {
            rule: 'exit: outside by more than the margin on 3 fixes',
            marginM: 15,
            since: '2026-11-22T21:40:00Z',
            fixes: [{ ts: '2026-11-22T21:40:30Z', lat: 37.7, lon: -122.4, accuracyM: 8.2, distanceToEdgeM: 31.6 }],
          },
        },
      },
    })
    const [exit, week] = await screen.findAllByTestId('alert')
    expect(within(exit).getByText('Left a safe zone')).toBeInTheDocument()
    expect(within(week).queryByRole('button', { name: 'Why this alert?' })).not.toBeInTheDocument()

    const why = within(exit).getByRole('button', { name: 'Why this alert?' })
    expect(why).toHaveAttribute('aria-expanded', 'false')
    await user.click(why)
    const evidence = await within(exit).findByTestId('alert-evidence')
    // One sentence a person understands leads; the engine's words are folded.
    expect(await within(evidence).findByTestId('alert-reason')).toHaveTextContent(`You left Home at ${formatClock('2026-11-22T21:40:00Z')}.`)
    expect(within(evidence).queryByText(/outside by more than the margin/)).not.toBeInTheDocument()
    expect(evidence).not.toHaveTextContent('Safety margin')

    const details = within(evidence).getByRole('button', { name: 'Details' })
    expect(details).toHaveAttribute('aria-expanded', 'false')
    details.focus()
    await user.keyboard('{Enter}')
    expect(details).toHaveAttribute('aria-expanded', 'true')
    expect(within(evidence).getByText('exit: outside by more than the margin on 3 fixes')).toBeInTheDocument()
    expect(evidence).toHaveTextContent('Safety margin: 15 m')
    expect(evidence).toHaveTextContent('accuracy ±8 m, 32 m outside the edge')
  })

  it.each([
    ['geofence_enter_avoid', { since: '2026-11-22T21:40:00Z' }, "Murphy's Bar", (): string => `You went into Murphy's Bar at ${formatClock('2026-11-22T21:40:00Z')}.`],
    ['geofence_dwell', { since: '2026-11-22T21:40:00Z', detectedAt: '2026-11-22T21:43:10Z' }, "Murphy's Bar", (): string => "You were inside Murphy's Bar for 3 minutes."],
    ['geofence_dwell', {}, "Murphy's Bar", (): string => "You stayed inside Murphy's Bar longer than the time you set for it."],
    ['geofence_schedule', { since: '2026-11-22T18:00:00Z' }, 'Home', (): string => `You were away from Home at ${formatClock('2026-11-22T18:00:00Z')}, during the hours you planned to be there.`],
    ['geofence_enter_avoid', { since: '2026-11-22T21:40:00Z' }, undefined, (): string => `You went into a place you chose to avoid at ${formatClock('2026-11-22T21:40:00Z')}.`],
  ])('leads a %s alert with a plain sentence (%o, zone %s)', async (type, times, zoneName, want) => {
    const alert = makeAlert({ id: 24, type, message: 'From the server.', link: '/gps' })
    const { user } = renderAlerts([alert], {
      '/api/alerts/24': { body: { ...alert, zoneName, evidence: { rule: 'r', marginM: 10, fixes: [], ...times } } },
    })
    await user.click(await screen.findByRole('button', { name: 'Why this alert?' }))
    expect(await screen.findByTestId('alert-reason')).toHaveTextContent(want())
  })

  it('folds alerts resolved over an hour ago behind a count, without counting them as more', async () => {
    const resolvedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString()
    const { user } = renderAlerts([
      makeAlert({
        id: 31,
        type: 'device_offline',
        message: 'Your bracelet "Left wrist" has not reported since 14:50.',
        resolvedAt,
        resolution: 'Back since 15:07.',
      }),
      ...[32, 33, 34, 35].map((id) => makeAlert({ id, message: `Open ${id}` })),
    ])

    const items = await screen.findAllByTestId('alert')
    expect(items).toHaveLength(3)
    items.forEach((item, i) => expect(item).toHaveTextContent(`Open ${32 + i}`))
    expect(screen.getByText('+1 more notification')).toBeInTheDocument()
    const show = screen.getByRole('button', { name: 'Show 1 earlier alert' })
    expect(show).toHaveAttribute('aria-expanded', 'false')

    await user.click(show)
    const earlier = screen.getByRole('list', { name: 'Earlier alerts' })
    expect(within(earlier).getByTestId('alert')).toHaveAttribute('data-resolved', 'true')
    expect(screen.getByRole('button', { name: 'Hide earlier alerts' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('folds alerts older than a day, so a phone shows what is new first', async () => {
    const now = Date.parse('2026-11-22T16:00:00Z')
    const hoursAgo = (h: number) => new Date(now - h * 60 * 60 * 1000).toISOString()
    const { user } = renderWithProviders(
      <AlertList
        now={now}
        alerts={[
          makeAlert({ id: 51, message: 'This morning', createdAt: hoursAgo(6) }),
          ...[52, 53, 54].map((id) => makeAlert({ id, message: `Old ${id}`, createdAt: hoursAgo(24 + id) })),
        ]}
      />,
    )
    expect(screen.getAllByTestId('alert')).toHaveLength(1)
    expect(screen.getByTestId('alert')).toHaveTextContent('This morning')
    expect(screen.queryByText(/more notification/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Show 3 earlier alerts' }))
    expect(within(screen.getByRole('list', { name: 'Earlier alerts' })).getAllByTestId('alert')).toHaveLength(3)
  })

  it('words a resolved alert by how it ended, and lets it go after a while', async () => {
    const now = Date.parse('2026-11-22T16:00:00Z')
    const offline = makeAlert({ id: 41, type: 'device_offline', message: 'Not reporting since 14:50.' })
    const { user, unmount } = renderWithProviders(
      <AlertList
        now={now}
        alerts={[
          { ...offline, resolvedAt: '2026-11-22T15:07:00Z', resolution: 'Back since 15:07.' },
          makeAlert({ id: 42, type: 'low_battery', message: 'At 14%.', resolvedAt: '2026-11-22T15:10:00Z' }),
        ]}
      />,
    )
    // Resolved within the hour: on show, after the open ones.
    const [back, charged] = screen.getAllByTestId('alert')
    expect(back).toHaveAttribute('data-resolved', 'true')
    expect(within(back).getByText('Bracelet offline · resolved')).toBeInTheDocument()
    expect(within(back).getByTestId('alert-resolution')).toHaveTextContent('Back since 15:07.')
    expect(within(charged).getByTestId('alert-resolution')).toHaveTextContent(/^Resolved at \d{1,2}:\d\d [AP]M\.$/)
    expect(screen.queryByText(/more notification/)).not.toBeInTheDocument()

    unmount()
    // Two hours on, folded; thirteen hours on, gone.
    const later = renderWithProviders(<AlertList now={now + 2 * 60 * 60 * 1000} alerts={[{ ...offline, resolvedAt: '2026-11-22T15:07:00Z' }]} />)
    expect(screen.queryByTestId('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show 1 earlier alert' }))
    expect(screen.getByTestId('alert')).toHaveAttribute('data-resolved', 'true')
    later.unmount()
    renderWithProviders(<AlertList now={now + 13 * 60 * 60 * 1000} alerts={[{ ...offline, resolvedAt: '2026-11-22T15:07:00Z' }]} />)
    expect(screen.queryByTestId('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /earlier alert/ })).not.toBeInTheDocument()
  })

  it('still says what happened, plainly, when an alert has no evidence', async () => {
    const geofence = makeAlert({ id: 23, type: 'geofence_dwell', message: 'Still at Old bar.', link: '/gps' })
    const { user } = renderAlerts([geofence], { '/api/alerts/23': { body: { ...geofence, evidence: null } } })
    await user.click(await screen.findByRole('button', { name: 'Why this alert?' }))
    expect(await screen.findByTestId('alert-reason')).toHaveTextContent(
      'You stayed inside a place you chose to avoid longer than the time you set for it.',
    )
    expect(screen.queryByRole('button', { name: 'Details' })).not.toBeInTheDocument()
  })
})
