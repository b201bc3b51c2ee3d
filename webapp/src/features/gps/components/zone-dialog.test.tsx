import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { makeLocation, makeZone } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { circleDraftAt, zoneToDraft } from '../utils/zone-form'
import { ZoneDialog, type ZoneDialogProps } from './zone-dialog'

function renderDialog(
  draft = circleDraftAt(37.7749, -122.4194, 150),
  routes: FetchRoutes = {},
  extra: Partial<ZoneDialogProps> = {},
) {
  const fetchMock = stubFetch(routes)
  const onClose = vi.fn()
  const onSaved = vi.fn()
  const onPlace = vi.fn()
  const view = renderWithProviders(
    <ZoneDialog draft={draft} onClose={onClose} onSaved={onSaved} onPlace={onPlace} timeZone="UTC" {...extra} />,
  )
  return { ...view, fetchMock, onClose, onSaved, onPlace }
}

const GEOCODER = 'https://geo.example/search'

describe('zone dialog', () => {
  it('fills the centre and radius from the map and shows its fields', () => {
    renderDialog(circleDraftAt(37.781234567, -122.41, 212.4))
    expect(screen.getByRole('dialog', { name: 'New zone' })).toBeInTheDocument()
    expect(screen.getByLabelText('Latitude')).toHaveValue('37.781235')
    expect(screen.getByLabelText('Longitude')).toHaveValue('-122.41')
    expect(screen.getByLabelText('Radius (metres)')).toHaveValue('212')
    expect(screen.getByRole('radio', { name: 'Safe zone' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked()
  })

  it('shows its own checks under each input before sending anything', async () => {
    const { user, fetchMock } = renderDialog()
    await user.clear(screen.getByLabelText('Radius (metres)'))
    await user.type(screen.getByLabelText('Radius (metres)'), '5')
    await user.clear(screen.getByLabelText('Latitude'))
    await user.type(screen.getByLabelText('Latitude'), '91')
    await user.click(screen.getByRole('button', { name: 'Save zone' }))

    expect(await screen.findByText('Give the zone a name of 1 to 80 characters.')).toBeInTheDocument()
    expect(screen.getByText('Latitude must be between -90 and 90.')).toBeInTheDocument()
    expect(screen.getByText('Radius must be between 10 and 50,000 metres.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's per-field messages inline", async () => {
    const { user } = renderDialog(undefined, {
      'POST /api/safe-zones': {
        status: 400,
        body: {
          error: 'invalid',
          message: 'Please check the highlighted fields.',
          fields: { name: 'You already have a zone called Home.', radius: 'Too large for this place.', polygon: 'The outline crosses itself.' },
        },
      },
    })
    await user.type(screen.getByLabelText('Name'), 'Home')
    await user.click(screen.getByRole('button', { name: 'Save zone' }))

    expect(await screen.findByText('You already have a zone called Home.')).toBeInTheDocument()
    expect(screen.getByText('Too large for this place.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The outline crosses itself.')
    expect(screen.getByLabelText('Radius (metres)')).toHaveAttribute('aria-invalid', 'true')
  })

  it('creates an avoid zone with a dwell time', async () => {
    const saved = makeZone({ id: 7, name: 'Old bar', type: 'avoid' })
    const { user, fetchMock, onSaved, onClose } = renderDialog(circleDraftAt(37.78, -122.41, 120), {
      'POST /api/safe-zones': { status: 201, body: saved },
      '/api/safe-zones': { body: [saved] },
    })
    await user.type(screen.getByLabelText('Name'), ' Old bar ')
    await user.click(screen.getByRole('radio', { name: 'Avoid zone' }))
    await user.type(screen.getByLabelText('Alert after minutes inside (optional)'), '10')
    await user.click(screen.getByRole('button', { name: 'Save zone' }))

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved))
    expect(onClose).toHaveBeenCalled()
    expect(sentBody(fetchMock, 'POST', '/api/safe-zones')).toEqual({
      name: 'Old bar',
      type: 'avoid',
      shape: 'circle',
      latitude: 37.78,
      longitude: -122.41,
      radius: 120,
      isActive: true,
      dwellMinutes: 10,
      schedule: { start: '', end: '' },
    })
    expect(await screen.findByText('Zone saved')).toBeInTheDocument()
  })

  it('edits a safe zone with a schedule through PATCH', async () => {
    const zone = makeZone({ id: 3, name: 'Home', radius: 150 })
    const { user, fetchMock } = renderDialog(zoneToDraft(zone), {
      'PATCH /api/safe-zones/3': { body: { ...zone, isActive: false } },
    })
    expect(screen.getByRole('dialog', { name: 'Edit Home' })).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Active' }))
    await user.click(screen.getByRole('switch', { name: 'Be inside on a daily schedule' }))
    expect(screen.getByLabelText('From')).toHaveValue('22:00')
    await user.click(screen.getByRole('button', { name: 'Save zone' }))

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/safe-zones/3', expect.anything()))
    expect(sentBody(fetchMock, 'PATCH', '/api/safe-zones/3')).toMatchObject({
      name: 'Home',
      isActive: false,
      dwellMinutes: 0,
      schedule: { start: '22:00', end: '06:00' },
    })
  })

  it('fills the centre from where I am now, and moves the map there', async () => {
    const position = makeLocation({ latitude: 40.7128123, longitude: -74.0060456, timestamp: '2026-11-22T15:07:00Z' })
    const { user, onPlace } = renderDialog(circleDraftAt(37.7749, -122.4194, 120), {}, { position })
    await user.click(screen.getByRole('button', { name: 'Use where I am now' }))
    expect(screen.getByLabelText('Latitude')).toHaveValue('40.712812')
    expect(screen.getByLabelText('Longitude')).toHaveValue('-74.006046')
    expect(screen.getByTestId('zone-centre-status')).toHaveTextContent('Centre set to your position from Nov 22, 2026, 3:07:00 PM.')
    expect(onPlace).toHaveBeenCalledWith({ lat: 40.7128123, lon: -74.0060456, radius: 120 })
  })

  it('says so plainly when there is no position yet', async () => {
    const { user, onPlace } = renderDialog(undefined, {}, { position: null })
    await user.click(screen.getByRole('button', { name: 'Use where I am now' }))
    expect(screen.getByTestId('zone-centre-status')).toHaveTextContent(/There's no position for you yet\. Press Share My Location/)
    expect(screen.getByLabelText('Latitude')).toHaveValue('37.7749')
    expect(onPlace).not.toHaveBeenCalled()
  })

  it('has no address search unless a geocoder is configured', () => {
    renderDialog()
    expect(screen.queryByLabelText('Find an address')).not.toBeInTheDocument()
  })

  it('finds an address when asked (Enter searches, it does not save), and a result fills the centre and the name', async () => {
    const asked = `${GEOCODER}?q=Murphy%27s+Bar+Oakland&format=json&limit=5`
    const found = [{ lat: '37.8044', lon: '-122.2712', name: "Murphy's Bar", display_name: "Murphy's Bar, Broadway, Oakland" }]
    const { user, fetchMock, onPlace } = renderDialog(undefined, { [asked]: { body: found } }, { geocoderUrl: GEOCODER })
    expect(screen.getByText('What you search for is sent to geo.example to find it.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Find an address'), "Murphy's Bar Oakland")
    expect(fetchMock).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    const results = await screen.findByRole('list', { name: 'Addresses found' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'omit', referrerPolicy: 'strict-origin' })
    await user.click(within(results).getByRole('button', { name: /Murphy's Bar, Broadway, Oakland/ }))
    expect(screen.getByLabelText('Latitude')).toHaveValue('37.8044')
    expect(screen.getByLabelText('Longitude')).toHaveValue('-122.2712')
    expect(screen.getByLabelText('Name')).toHaveValue("Murphy's Bar")
    expect(screen.getByTestId('zone-centre-status')).toHaveTextContent("Centre set to Murphy's Bar.")
    expect(onPlace).toHaveBeenCalledWith({ lat: 37.8044, lon: -122.2712, radius: 150 })
    expect(screen.queryByRole('list', { name: 'Addresses found' })).not.toBeInTheDocument()
  })

  it('says when nothing is found, and when the search does not answer', async () => {
    const routes = {
      [`${GEOCODER}?q=zzz&format=json&limit=5`]: { body: [] },
      [`${GEOCODER}?q=down&format=json&limit=5`]: { status: 503, body: 'busy' },
    }
    const { user } = renderDialog(undefined, routes, { geocoderUrl: GEOCODER })
    const input = screen.getByLabelText('Find an address')
    await user.type(input, 'zzz')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Nothing found for “zzz”. Try a street and a town.')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'down')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText("The address search didn't answer. Try again in a moment, or type the centre.")).toBeInTheDocument()
  })
})
