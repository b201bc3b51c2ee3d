import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { jsonResponse, stubFetch } from '@/testing/fetch-stub'
import { makeDevice } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { deviceKeys } from '../api/device-keys'
import { applyPacket, WATCH_RENEW_MS } from '../api/device-packets'
import type { PacketRecord } from '../types'
import { BraceletsCard } from './bracelets-card'

const ID = 'brc_abcdefghijkl'

function packet(overrides: Partial<PacketRecord>): PacketRecord {
  return {
    id: 'n1-1',
    deviceId: ID,
    at: '2026-11-22T12:00:00Z',
    topic: `bracelets/${ID}/position`,
    size: 62,
    excerpt: '{"seq":1,"ts":1795348800000,"lat":51.5,"lon":-0.12,"acc":5}',
    encoding: 'text',
    truncated: false,
    outcome: 'accepted',
    kind: 'position',
    fixes: 1,
    ...overrides,
  }
}

const good = packet({})
const bad = packet({
  id: 'n1-2',
  at: '2026-11-22T12:00:05Z',
  excerpt: '{"seq":2,"lat":123}',
  size: 19,
  outcome: 'rejected',
  kind: undefined,
  fixes: undefined,
  reason: 'lat_range',
  detail: 'position: lat 123 is not in [-90, 90]',
})

function routes(packets: PacketRecord[]) {
  return stubFetch({
    '/api/devices': { body: [makeDevice({ name: 'Left wrist' })] },
    [`/api/devices/${ID}/packets`]: { body: packets },
    [`POST /api/devices/${ID}/watch`]: { body: { until: '2026-11-22T12:01:00Z' } },
  })
}

async function openTester(packets: PacketRecord[]) {
  const fetchMock = routes(packets)
  const rendered = renderWithProviders(<BraceletsCard host="localhost" />, { advanced: true })
  await rendered.user.click(await screen.findByRole('button', { name: 'Tester view for Left wrist' }))
  const dialog = await screen.findByRole('dialog', { name: 'Tester view: Left wrist' })
  return { ...rendered, fetchMock, dialog }
}

const watches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api/devices/${ID}/watch` && init?.method === 'POST').length

afterEach(() => vi.useRealTimers())

describe('Tester view', () => {
  it('shows what a phone app sent that was left out, and the points of a batch refused', async () => {
    const batch = packet({
      id: 'n1-3',
      topic: 'POST /api/ingest/overland',
      excerpt: '{"locations":[…]}',
      fixes: 2,
      reason: 'bad_overland',
      detail: 'locations[2].properties.timestamp: missing',
      dropped: [
        { field: 'properties.speed', reason: 'not_known', count: 2 },
        { field: 'colour', reason: 'unknown_field', count: 1 },
      ],
    })
    const { dialog } = await openTester([batch])
    const [item] = await within(dialog).findAllByTestId('packet')
    expect(within(item).getByTestId('packet-outcome')).toHaveTextContent('Accepted · position')
    expect(item).toHaveTextContent('Some points were refused: locations[2].properties.timestamp: missing')
    expect(within(item).getByTestId('packet-dropped')).toHaveTextContent(
      'Left out: properties.speed (the app’s “not known”, 2 fixes), colour (not in the app’s protocol)',
    )
  })

  it('lists packets newest first with their outcome in words, size, topic and excerpt', async () => {
    const { dialog, fetchMock } = await openTester([bad, good])
    const items = await within(dialog).findAllByTestId('packet')
    expect(items).toHaveLength(2)
    expect(within(items[0]).getByTestId('packet-outcome')).toHaveTextContent('Rejected · latitude out of range')
    expect(within(items[0]).getByTestId('packet-detail')).toHaveTextContent('position: lat 123 is not in [-90, 90]')
    expect(within(items[0]).getByTestId('packet-size')).toHaveTextContent('19 bytes')
    expect(within(items[1]).getByTestId('packet-outcome')).toHaveTextContent('Accepted · position')
    expect(within(items[1]).getByTestId('packet-size')).toHaveTextContent('62 bytes · 1 fix')
    expect(within(items[1]).getByTestId('packet-excerpt')).toHaveTextContent(good.excerpt)
    expect(within(items[1]).getByText(good.topic)).toBeInTheDocument()
    expect(within(items[1]).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === good.at)).toBeInTheDocument()
    await waitFor(() => expect(watches(fetchMock)).toBe(1))
  })

  it('shows truncated and binary payloads as such', async () => {
    const { dialog } = await openTester([
      packet({ id: 'n1-3', encoding: 'hex', excerpt: '0001fe', size: 400, truncated: true, outcome: 'rejected', reason: 'bad_json', kind: undefined }),
    ])
    const item = await within(dialog).findByTestId('packet')
    expect(within(item).getByTestId('packet-excerpt')).toHaveTextContent('hex0001fe…')
    expect(within(item).getByTestId('packet-truncated')).toHaveTextContent('First 256 of 400 bytes')
    expect(within(item).getByTestId('packet-outcome')).toHaveTextContent('Rejected · not valid JSON')
  })

  it('explains how to send a packet when there is none', async () => {
    const { dialog } = await openTester([])
    const empty = await within(dialog).findByTestId('tester-empty')
    expect(empty).toHaveTextContent('No packets yet')
    expect(within(empty).getByTestId('tester-simulator-command')).toHaveTextContent(`'${ID}' 'YOUR_TOKEN'`)
    expect(within(empty).getByTestId('tester-simulator-command')).toHaveTextContent('go run ./firmware-sim')
  })

  it('adds live packets at the top, holds them while paused, and clears', async () => {
    const { dialog, user, queryClient } = await openTester([good])
    await within(dialog).findByTestId('packet')
    act(() => applyPacket(queryClient, bad))
    await waitFor(() => expect(within(dialog).getAllByTestId('packet')).toHaveLength(2))
    expect(within(within(dialog).getAllByTestId('packet')[0]).getByTestId('packet-outcome')).toHaveTextContent('Rejected')
    // The same packet again (a replay from another node) is shown once.
    act(() => applyPacket(queryClient, bad))
    act(() => applyPacket(queryClient, packet({ id: 'n1-0', at: '2026-11-22T11:59:00Z' })))
    await waitFor(() => expect(within(dialog).getAllByTestId('packet')).toHaveLength(3))
    expect(within(within(dialog).getAllByTestId('packet')[2]).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === '2026-11-22T11:59:00Z')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }))
    expect(within(dialog).getByTestId('tester-state')).toHaveTextContent('Paused')
    act(() => applyPacket(queryClient, packet({ id: 'n1-9', at: '2026-11-22T12:00:09Z' })))
    await waitFor(() => expect(within(dialog).getByTestId('tester-state')).toHaveTextContent('1 new packet while paused'))
    expect(within(dialog).getAllByTestId('packet')).toHaveLength(3)
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }))
    expect(within(dialog).getAllByTestId('packet')).toHaveLength(4)
    expect(within(dialog).getByTestId('tester-state')).toHaveTextContent('Live')

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }))
    expect(within(dialog).queryAllByTestId('packet')).toHaveLength(0)
    expect(dialog).toHaveTextContent('Cleared. New packets will appear here.')
    act(() => applyPacket(queryClient, packet({ id: 'n1-10', at: '2026-11-22T12:00:10Z' })))
    await waitFor(() => expect(within(dialog).getAllByTestId('packet')).toHaveLength(1))
  })

  it('keeps a live packet that arrives while the list is being fetched again', async () => {
    // The answer was computed before the packet was recorded and lands after
    // its event (a refetch after the live stream reconnected, say): the
    // packet must not vanish with the older list.
    let answer: (packets: PacketRecord[]) => void = () => {}
    const fetchMock = stubFetch({
      '/api/devices': { body: [makeDevice({ name: 'Left wrist' })] },
      [`/api/devices/${ID}/packets`]: () => new Promise<Response>((resolve) => (answer = (body) => resolve(jsonResponse({ body })))),
      [`POST /api/devices/${ID}/watch`]: { body: { until: '2026-11-22T12:01:00Z' } },
    })
    const { user, queryClient } = renderWithProviders(<BraceletsCard host="localhost" />, { advanced: true })
    await user.click(await screen.findByRole('button', { name: 'Tester view for Left wrist' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tester view: Left wrist' })
    const packetFetches = () => fetchMock.mock.calls.filter(([url]) => url === `/api/devices/${ID}/packets`).length
    await waitFor(() => expect(packetFetches()).toBe(1))
    act(() => answer([good]))
    await within(dialog).findByTestId('packet')

    act(() => void queryClient.invalidateQueries({ queryKey: deviceKeys.packets(ID) }))
    await waitFor(() => expect(packetFetches()).toBe(2))
    act(() => applyPacket(queryClient, bad))
    await waitFor(() => expect(within(dialog).getAllByTestId('packet')).toHaveLength(2))
    act(() => answer([good]))
    await waitFor(() => expect(queryClient.isFetching({ queryKey: deviceKeys.packets(ID) })).toBe(0))
    const items = within(dialog).getAllByTestId('packet')
    expect(items).toHaveLength(2)
    expect(within(items[0]).getByTestId('packet-outcome')).toHaveTextContent('Rejected · latitude out of range')
  })

  it('keeps the bracelet watched while open and says so when watching fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { dialog, fetchMock } = await openTester([good])
    await waitFor(() => expect(watches(fetchMock)).toBe(1))
    act(() => {
      vi.advanceTimersByTime(WATCH_RENEW_MS)
    })
    await waitFor(() => expect(watches(fetchMock)).toBe(2))

    fetchMock.mockImplementation(() => Promise.resolve(new Response('{"error":"internal"}', { status: 500 })))
    act(() => {
      vi.advanceTimersByTime(WATCH_RENEW_MS)
    })
    expect(await within(dialog).findByText(/Live updates are unavailable/)).toBeInTheDocument()
  })
})
