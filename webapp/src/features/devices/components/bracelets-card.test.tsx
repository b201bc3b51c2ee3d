import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { makeDevice } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { BraceletsCard } from './bracelets-card'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
  return () => vi.useRealTimers()
})

describe('Bracelets card', () => {
  it('has an empty state', async () => {
    stubFetch({ '/api/devices': { body: [] } })
    renderWithProviders(<BraceletsCard />)
    expect(await screen.findByText('No bracelets paired yet.')).toBeInTheDocument()
  })

  it('lists last seen, battery, time left, health in words and the connection', async () => {
    stubFetch({
      '/api/devices': {
        body: [
          makeDevice({ name: 'Left wrist', lastSeenAt: '2026-11-22T11:55:00Z', lastBattery: 64, charging: true, batteryTimeLeftMinutes: 200, connected: true, health: 'ok' }),
          makeDevice({ id: 'brc_bbbbbbbbbbbb', name: 'Spare', lastSeenAt: null, lastBattery: null, batteryTimeLeftMinutes: null, connected: false, health: 'never_seen' }),
          makeDevice({ id: 'brc_cccccccccccc', name: 'Old', connected: false, health: 'battery_died' }),
        ],
      },
    })
    renderWithProviders(<BraceletsCard />)
    const rows = await screen.findAllByTestId('device-row')
    const [left, spare, old] = rows
    expect(within(left).getByTestId('device-last-seen')).toHaveTextContent('5 minutes ago')
    expect(within(left).getByTestId('device-battery')).toHaveTextContent('64%, charging')
    expect(within(left).getByTestId('device-time-left')).toHaveTextContent('about 3 h 20 min left')
    expect(within(left).getByTestId('device-health')).toHaveTextContent('Working')
    expect(within(left).getByTestId('device-connection')).toHaveTextContent('Connected')
    expect(within(spare).getByTestId('device-last-seen')).toHaveTextContent('Never')
    expect(within(spare).getByTestId('device-health')).toHaveTextContent('Never connected')
    expect(within(spare).getByTestId('device-connection')).toHaveTextContent('Not connected')
    expect(within(spare).queryByTestId('device-time-left')).not.toBeInTheDocument()
    expect(within(old).getByTestId('device-health')).toHaveTextContent('Battery ran out')
  })

  it('says how many reports were refused today, and why when asked', async () => {
    stubFetch({
      '/api/devices': {
        body: [
          makeDevice({
            name: 'My phone',
            kind: 'phone',
            refusedToday: 3,
            lastRefusal: {
              at: '2026-11-22T11:58:00Z',
              reason: 'bad_owntracks',
              detail: "tst: 2026-11-22T13:00:00Z is more than 5 minutes ahead of the server's clock; check the phone's date and time",
            },
          }),
          makeDevice({ id: 'brc_bbbbbbbbbbbb', name: 'Left wrist' }),
        ],
      },
    })
    const { user } = renderWithProviders(<BraceletsCard />)
    const [phone, bracelet] = await screen.findAllByTestId('device-row')
    expect(within(phone).getByTestId('device-refused')).toHaveTextContent('3 reports refused today')
    const why = within(phone).getByRole('button', { name: 'Why?' })
    expect(why).toHaveAttribute('aria-expanded', 'false')
    expect(within(phone).getByTestId('device-refused-why')).not.toBeVisible()
    await user.click(why)
    expect(within(phone).getByRole('button', { name: 'Hide why' })).toHaveAttribute('aria-expanded', 'true')
    const reason = within(phone).getByTestId('device-refused-why')
    expect(reason).toBeVisible()
    expect(reason).toHaveTextContent(/The latest, at .+: OwnTracks location not usable\./)
    expect(reason).toHaveTextContent("is more than 5 minutes ahead of the server's clock; check the phone's date and time")
    expect(within(bracelet).queryByTestId('device-refused')).not.toBeInTheDocument()
  })

  it('pairs a bracelet and shows its token once, with what to do on the bracelet', async () => {
    let devices: unknown[] = []
    const fetchMock = stubFetch({
      '/api/devices': () => new Response(JSON.stringify(devices), { status: 200 }),
      'POST /api/devices': () => {
        devices = [makeDevice({ id: 'brc_k3y5x9q2m7w1', name: 'Right wrist', lastSeenAt: null, health: 'never_seen', connected: false })]
        return new Response(
          JSON.stringify({ id: 'brc_k3y5x9q2m7w1', name: 'Right wrist', token: 'tok_SECRET-123', createdAt: '2026-11-22T12:00:00Z' }),
          { status: 201 },
        )
      },
    })
    const { user } = renderWithProviders(<BraceletsCard host="localhost" />)
    await screen.findByText('No bracelets paired yet.')

    await user.click(screen.getByRole('button', { name: 'Pair a bracelet or phone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pair a bracelet or phone' })
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }))
    expect(await within(dialog).findByText('Give the bracelet a name of 1 to 80 characters.')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Bracelet name'), 'Right wrist')
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }))
    expect(await screen.findByText('Right wrist is paired')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/devices')).toEqual({ name: 'Right wrist', kind: 'bracelet' })
    expect(screen.getByTestId('paired-device-id')).toHaveTextContent('brc_k3y5x9q2m7w1')
    expect(screen.getByTestId('paired-token')).toHaveTextContent('tok_SECRET-123')
    // Advanced is off: what a person does with a real bracelet, no developer tools.
    expect(screen.getByTestId('bracelet-setup')).toHaveTextContent('Enter the device ID and the token above exactly as shown, and this server’s address: localhost.')
    expect(screen.queryByTestId('simulator-command')).not.toBeInTheDocument()
    expect(screen.queryByText(/firmware-sim/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy Token' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Right wrist')).toBeInTheDocument()
    expect(screen.queryByText('tok_SECRET-123')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Tester view for Right wrist' })).not.toBeInTheDocument()

    // Opening the dialog again starts over: the token is gone for good.
    await user.click(screen.getByRole('button', { name: 'Pair a bracelet or phone' }))
    const again = await screen.findByRole('dialog', { name: 'Pair a bracelet or phone' })
    expect(within(again).getByLabelText('Bracelet name')).toHaveValue('')
    expect(screen.queryByText('tok_SECRET-123')).not.toBeInTheDocument()
  })

  it.each([
    ['localhost', "printf 'device_id,token\\n%s,%s\\n' 'brc_k3y5x9q2m7w1' 't' > bracelet.csv\ngo run ./firmware-sim --devices bracelet.csv --interval 5s"],
    [
      'lifeline.example.org',
      "printf 'device_id,token\\n%s,%s\\n' 'brc_k3y5x9q2m7w1' 't' > bracelet.csv\n" +
        'go run ./firmware-sim --devices bracelet.csv --interval 5s --broker tcp://lifeline.example.org:1883',
    ],
  ])('with Advanced on, gives the simulator command for a server on %s', async (host, command) => {
    stubFetch({
      '/api/devices': { body: [] },
      'POST /api/devices': { status: 201, body: { id: 'brc_k3y5x9q2m7w1', name: 'R', token: 't' } },
    })
    const { user } = renderWithProviders(<BraceletsCard host={host} />, { advanced: true })
    await user.click(await screen.findByRole('button', { name: 'Pair a bracelet or phone' }))
    await user.type(screen.getByLabelText('Bracelet name'), 'R')
    await user.click(screen.getByRole('button', { name: 'Pair' }))
    expect((await screen.findByTestId('simulator-command')).textContent).toBe(command)
  })

  it('revokes a bracelet after confirmation', async () => {
    let devices = [makeDevice({ name: 'Left wrist' })]
    const fetchMock = stubFetch({
      '/api/devices': () => new Response(JSON.stringify(devices), { status: 200 }),
      'DELETE /api/devices/brc_abcdefghijkl': () => {
        devices = []
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderWithProviders(<BraceletsCard />)
    await user.click(await screen.findByRole('button', { name: 'Revoke Left wrist' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Left wrist?' })
    await user.click(within(confirm).getByRole('button', { name: 'Revoke bracelet' }))
    expect(await screen.findByText('No bracelets paired yet.')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/devices/brc_abcdefghijkl', expect.objectContaining({ method: 'DELETE' }))
    expect(await screen.findByText('Bracelet revoked')).toBeInTheDocument()
  })

  describe('rename', () => {
    function renameRoutes(answer: (name: string) => Response) {
      let devices = [makeDevice({ name: 'Left wrist' })]
      const fetchMock = stubFetch({
        '/api/devices': () => new Response(JSON.stringify(devices), { status: 200 }),
        'PATCH /api/devices/brc_abcdefghijkl': (init) => {
          const { name } = JSON.parse(init?.body as string) as { name: string }
          const res = answer(name)
          if (res.ok) devices = [makeDevice({ name })]
          return res
        },
      })
      return fetchMock
    }
    const ok = (name: string) => new Response(JSON.stringify(makeDevice({ name })), { status: 200 })

    it('saves with Enter, shows the new name and a toast, and gives focus back', async () => {
      const fetchMock = renameRoutes(ok)
      const { user } = renderWithProviders(<BraceletsCard />)
      const button = await screen.findByRole('button', { name: 'Rename Left wrist' })
      await user.click(button)
      const field = screen.getByRole('textbox', { name: 'New name' })
      expect(field).toHaveValue('Left wrist')
      expect(field).toHaveFocus()
      await user.clear(field)
      await user.type(field, '  Right wrist {Enter}')
      expect(await screen.findByText('Bracelet renamed')).toBeInTheDocument()
      expect(sentBody(fetchMock, 'PATCH', '/api/devices/brc_abcdefghijkl')).toEqual({ name: 'Right wrist' })
      expect(await screen.findByTestId('device-name')).toHaveTextContent('Right wrist')
      expect(screen.queryByRole('textbox', { name: 'New name' })).not.toBeInTheDocument()
      await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Right wrist' })).toHaveFocus())
    })

    it('cancels with Escape and sends nothing', async () => {
      const fetchMock = renameRoutes(ok)
      const { user } = renderWithProviders(<BraceletsCard />)
      await user.click(await screen.findByRole('button', { name: 'Rename Left wrist' }))
      await user.type(screen.getByRole('textbox', { name: 'New name' }), ' 2{Escape}')
      expect(screen.queryByRole('textbox', { name: 'New name' })).not.toBeInTheDocument()
      expect(screen.getByTestId('device-name')).toHaveTextContent('Left wrist')
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
    })

    it('explains a bad name in place and keeps what was typed', async () => {
      const fetchMock = renameRoutes(
        () =>
          new Response(
            JSON.stringify({ error: 'invalid', message: 'Please check the highlighted fields.', fields: { name: 'Too long for the server.' } }),
            { status: 400 },
          ),
      )
      const { user } = renderWithProviders(<BraceletsCard />)
      await user.click(await screen.findByRole('button', { name: 'Rename Left wrist' }))
      const field = screen.getByRole('textbox', { name: 'New name' })
      await user.clear(field)
      await user.type(field, '   {Enter}')
      expect(await screen.findByRole('alert')).toHaveTextContent('Give the bracelet a name of 1 to 80 characters.')
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)

      await user.type(field, 'Server says no{Enter}')
      expect(await screen.findByText('Too long for the server.')).toBeInTheDocument()
      expect(field).toHaveValue('   Server says no')
      expect(screen.queryByText('Bracelet renamed')).not.toBeInTheDocument()
    })
  })
})
