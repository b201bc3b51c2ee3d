import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { makePerson } from '@/testing/care-data'
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { SUPPORTING_REFETCH_MS } from '../api/care-keys'
import type { PersonView } from '../types'
import { SupportedPersonScreen, SupportingScreen } from './supporting-screen'

const personHref = (id: number) => `/supporting/${id}`
const LOCATION = { id: 9, latitude: 37.7793, longitude: -122.4093, accuracy: 4, timestamp: '2026-11-22T21:10:00Z', batteryLevel: null, source: 'bracelet' as const }
const ALERT = {
  id: 3,
  type: 'geofence_enter_avoid',
  title: 'Alex Rivera may need a friendly voice',
  message: 'Alex Rivera has been at "Rusty Anchor", a place they chose to avoid, since 21:04 and hasn\'t said they\'re okay.',
  createdAt: '2026-11-22T21:04:00Z',
}

function renderList(people: PersonView[], routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({ '/api/supporting': { body: people }, ...routes })
  const renderMap = vi.fn((p: PersonView) => <div data-testid="map-stand-in">{`${p.location?.latitude},${p.location?.longitude}`}</div>)
  const view = renderWithProviders(<SupportingScreen renderMap={renderMap} personHref={personHref} timeZone="UTC" />)
  return { ...view, renderMap, fetchMock }
}

describe('People I support', () => {
  it('asks again every 15 seconds', () => {
    expect(SUPPORTING_REFETCH_MS).toBe(15_000)
  })

  it('explains how it works when nobody is there yet', async () => {
    renderList([])
    expect(await screen.findByText('You are not supporting anyone yet.')).toBeInTheDocument()
    expect(screen.getByText(/they send you a link. Open it, accept/)).toBeInTheDocument()
  })

  it('shows nothing for what is not shared: no zeros, no map', async () => {
    const { renderMap } = renderList([makePerson()])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    expect(within(person).getByText('They have not shared anything with you yet.')).toBeInTheDocument()
    expect(within(person).queryByText(/streak|check-ins this week|Mood|0/)).not.toBeInTheDocument()
    expect(within(person).queryByTestId('person-checkins')).not.toBeInTheDocument()
    expect(within(person).queryByText('No open alerts.')).not.toBeInTheDocument()
    expect(renderMap).not.toHaveBeenCalled()
    expect(within(person).getByRole('link', { name: 'Open Alex Rivera' })).toHaveAttribute('href', '/supporting/7')
  })

  it("shows the open alerts in the API's words and the map of the latest position", async () => {
    const { renderMap } = renderList([
      makePerson({
        grant: { checkIns: false, checkInDetails: false, alerts: ['avoid_zone'], location: 'during_alert', locationWindowMinutes: 60 },
        alerts: [ALERT],
        location: LOCATION,
      }),
    ])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    expect(within(person).getByTestId('person-shares')).toHaveTextContent('They share: alerts, location')
    const alert = within(person).getByTestId('person-alert')
    expect(alert).toHaveTextContent(ALERT.title)
    expect(alert).toHaveTextContent(ALERT.message)
    expect(within(person).getByText('Latest position, Nov 22, 2026, 9:10 PM')).toBeInTheDocument()
    expect(within(person).getByTestId('map-stand-in')).toHaveTextContent('37.7793,-122.4093')
    expect(renderMap).toHaveBeenCalled()
  })

  it('says when the location shows, and no alerts are open', async () => {
    renderList([
      makePerson({ grant: { checkIns: false, checkInDetails: false, alerts: ['sos'], location: 'during_alert', locationWindowMinutes: 60 } }),
    ])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    expect(within(person).getByText('No open alerts.')).toBeInTheDocument()
    expect(within(person).getByText('Their location shows here only while an alert is open.')).toBeInTheDocument()
  })

  it('shows check-ins without the details unless those are shared too', async () => {
    renderList([
      makePerson({
        grant: { checkIns: true, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60 },
        checkIns: { checkedInToday: false, streakDays: 4, weeklyCheckins: 5, avgMood: 6.24, avgCravings: null },
      }),
    ])
    const checkIns = await screen.findByTestId('person-checkins')
    expect(within(checkIns).getByText('No check-in today yet')).toBeInTheDocument()
    expect(within(checkIns).getByText('4-day streak')).toBeInTheDocument()
    expect(within(checkIns).getByText('5 check-ins this week')).toBeInTheDocument()
    expect(within(checkIns).getByText('Mood 6.2 / 10')).toBeInTheDocument()
    expect(within(checkIns).queryByText(/Cravings/)).not.toBeInTheDocument()
    expect(within(checkIns).queryByText(/since they last reported/)).not.toBeInTheDocument()
  })

  it('offers to try again when the list does not load', async () => {
    stubFetch({ '/api/supporting': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } } })
    renderWithProviders(<SupportingScreen personHref={personHref} />)
    expect(await screen.findByText("We couldn't load the people you support.")).toBeInTheDocument()
  })

  it('shows one person from /api/supporting/{id}, and says so when they are gone', async () => {
    stubFetch({
      '/api/supporting/7': { body: makePerson({ grant: { alerts: ['avoid_zone'] }, alerts: [ALERT] }) },
      '/api/supporting/8': { status: 404, body: { error: 'not_found', message: 'Person not found.' } },
    })
    const { unmount } = renderWithProviders(<SupportedPersonScreen id={7} backHref="/supporting" />)
    expect(await screen.findByTestId('person-alert')).toHaveTextContent(ALERT.title)
    expect(screen.getByRole('link', { name: 'All people I support' })).toHaveAttribute('href', '/supporting')
    unmount()
    renderWithProviders(<SupportedPersonScreen id={8} backHref="/supporting" />)
    expect(await screen.findByText('This person is not in your list any more.')).toBeInTheDocument()
  })
})

describe('People I support: an SOS and calling back', () => {
  const sosGrant = { checkIns: false, checkInDetails: false, alerts: ['sos' as const], location: 'during_alert' as const, locationWindowMinutes: 60, phone: true }
  const openSos = {
    id: 12,
    type: 'sos',
    title: 'Alex Rivera is asking for help now',
    message: 'Alex Rivera pressed "Alert my people now" at 21:04. Please reach out to them right away — call if you can.',
    createdAt: '2026-11-22T21:04:00Z',
  }

  it('puts an open SOS first, with when it started and one-tap Call and Text', async () => {
    renderList([makePerson({ grant: sosGrant, sos: openSos, phone: '+1 (555) 010-2000' })])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    const sos = within(person).getByRole('alert', { name: openSos.title })
    expect(sos).toHaveAttribute('data-state', 'open')
    expect(sos).toHaveTextContent(openSos.message)
    expect(within(sos).getByText(/^Started /)).toHaveTextContent('Started Nov 22, 2026, 9:04 PM')
    expect(within(sos).getByRole('link', { name: 'Call Alex Rivera' })).toHaveAttribute('href', 'tel:+15550102000')
    expect(within(sos).getByRole('link', { name: 'Text Alex Rivera' })).toHaveAttribute('href', 'sms:+15550102000')
    // Not twice, and no "No open alerts." under an open SOS.
    expect(within(person).getAllByRole('link', { name: 'Call Alex Rivera' })).toHaveLength(1)
    expect(within(person).queryByText('No open alerts.')).not.toBeInTheDocument()
    expect(within(person).getByTestId('person-shares')).toHaveTextContent('They share: alerts, location, phone number')
  })

  it('says when they are safe, and keeps Call and Text within reach', async () => {
    renderList([
      makePerson({
        grant: sosGrant,
        sos: { ...openSos, title: "Alex Rivera says they're safe now", message: "Alex Rivera says they're safe now (21:40).", resolvedAt: '2026-11-22T21:40:00Z' },
        phone: '555 0100',
      }),
    ])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    const sos = within(person).getByRole('status', { name: "Alex Rivera says they're safe now" })
    expect(sos).toHaveAttribute('data-state', 'safe')
    expect(sos).toHaveTextContent("Alex Rivera says they're safe now (21:40).Started Nov 22, 2026, 9:04 PM")
    expect(within(sos).queryByRole('link', { name: /Call/ })).not.toBeInTheDocument()
    const reach = within(person).getByRole('region', { name: 'Reach them' })
    expect(within(reach).getByRole('link', { name: 'Call Alex Rivera' })).toHaveAttribute('href', 'tel:5550100')
    expect(within(reach).getByRole('link', { name: 'Text Alex Rivera' })).toHaveAttribute('href', 'sms:5550100')
  })

  it("lets a supporter say they are on an open SOS, and shows who is when someone else is", async () => {
    const { fetchMock, unmount } = renderList([makePerson({ grant: sosGrant, sos: { ...openSos, claim: null }, phone: '555 0100' })], {
      'POST /api/supporting/alerts/12/claim': {
        body: { alertId: 12, person: 'Alex Rivera', personId: 1, claim: { by: 'You', mine: true, at: '2026-11-22T21:06:00Z' }, resolvedAt: null },
      },
    })
    const sos = within(await screen.findByRole('region', { name: 'Alex Rivera' })).getByRole('alert', { name: openSos.title })
    fireEvent.click(within(sos).getByRole('button', { name: `I'm on it: ${openSos.title}` }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/supporting/alerts/12/claim', expect.objectContaining({ method: 'POST' })))
    unmount()

    renderList([makePerson({ grant: sosGrant, sos: { ...openSos, claim: { by: 'Sam Lee', mine: false, at: '2026-11-22T21:05:00Z' } }, phone: '555 0100' })])
    const claimed = within(await screen.findByRole('region', { name: 'Alex Rivera' })).getByRole('alert', { name: openSos.title })
    expect(within(claimed).getByTestId('claim-state')).toHaveTextContent('Sam Lee is on it.')
    expect(within(claimed).queryByRole('button', { name: /I'm on it/ })).not.toBeInTheDocument()
  })

  it('has no Call or Text without their number', async () => {
    renderList([makePerson({ grant: { ...sosGrant, phone: false }, sos: openSos, phone: null })])
    const person = await screen.findByRole('region', { name: 'Alex Rivera' })
    expect(within(person).getByRole('alert', { name: openSos.title })).toBeInTheDocument()
    expect(within(person).queryByRole('link', { name: /Call|Text/ })).not.toBeInTheDocument()
  })
})
