import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { deviceLabel } from '../lib/push'
import { minutesToTime, timeToMinutes } from '../lib/time'
import { ChannelsList } from './channels-list'
import { DevicePushSwitch } from './device-push-switch'
import { QuietHoursEditor } from './quiet-hours-editor'

const channel = {
  id: 7,
  kind: 'webhook',
  address: 'https://ntfy.sh/alex-private',
  ntfy: true,
  label: '',
  enabled: true,
  createdAt: '2026-11-22T09:00:00Z',
  confirmedAt: '2026-11-22T09:00:00Z',
  lastState: 'failed',
  lastError: 'webhook answered 500 Internal Server Error',
  lastAt: '2026-11-22T09:05:00Z',
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ChannelsList', () => {
  it('shows each channel with its last delivery, and adds one', async () => {
    const fetchMock = stubFetch({
      'GET /api/channels': { body: [channel] },
      'POST /api/channels': {
        status: 201,
        body: { ...channel, id: 8, kind: 'email', address: 'alex@example.org', ntfy: false, confirmedAt: null },
      },
    })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect((await screen.findAllByText('https://ntfy.sh/alex-private'))[0]).toBeInTheDocument()
    expect(screen.getByText('ntfy')).toBeInTheDocument()
    expect(screen.getByText('Last delivery: failed')).toBeInTheDocument()
    expect(screen.getByText(/answered 500/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email address'), 'alex@example.org')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/channels')).toEqual({ kind: 'email', address: 'alex@example.org', ntfy: false }),
    )
  })

  it('explains ntfy and sends it as a webhook in ntfy mode', async () => {
    const fetchMock = stubFetch({ 'GET /api/channels': { body: [] }, 'POST /api/channels': { status: 201, body: channel } })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect(await screen.findByText(/No channels yet/)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Kind'), 'ntfy')
    expect(screen.getByText(/Install the ntfy app/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('ntfy topic URL'), 'https://ntfy.sh/alex-private')
    await user.click(screen.getByRole('button', { name: 'Add channel' }))
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/channels')).toEqual({ kind: 'webhook', address: 'https://ntfy.sh/alex-private', ntfy: true }),
    )
  })

  it('sends a test', async () => {
    const fetchMock = stubFetch({ 'GET /api/channels': { body: [channel] }, 'POST /api/channels/7/test': { status: 202 } })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    await user.click(await screen.findByRole('button', { name: /Send a test/ }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/channels/7/test' && init?.method === 'POST')).toBe(true))
  })

  it('shows an address waiting for confirmation, sends the link again, and sends it no test', async () => {
    const waiting = { ...channel, id: 9, kind: 'email', address: 'alex@example.org', ntfy: false, confirmedAt: null, lastState: null, lastError: null, lastAt: null }
    const push = { ...channel, id: 10, kind: 'push', address: 'https://push.example.org/x', ntfy: false, label: 'Firefox on Linux' }
    const fetchMock = stubFetch({
      'GET /api/channels': { body: [waiting, push] },
      'POST /api/channels/9/confirmation': { status: 202, body: waiting },
    })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument()
    expect(screen.queryByText('https://push.example.org/x')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Send a test/ })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: /Send again/ }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/channels/9/confirmation' && init?.method === 'POST')).toBe(true),
    )
  })

  it("shows the server's words when a test is refused for now", async () => {
    stubFetch({
      'GET /api/channels': { body: [channel] },
      'POST /api/channels/7/test': {
        status: 429,
        body: { error: 'too_many_requests', message: "You've sent a lot of tests. Try again in 12 minutes." },
      },
    })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    await user.click(await screen.findByRole('button', { name: /Send a test/ }))
    expect(await screen.findByText("You've sent a lot of tests. Try again in 12 minutes.")).toBeInTheDocument()
  })

  it('says when the channels cannot be loaded', async () => {
    stubFetch({ 'GET /api/channels': { status: 500, body: { error: 'internal', message: 'boom' } } })
    renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded')
  })
})

describe('DevicePushSwitch', () => {
  it('says when this browser cannot receive notifications', async () => {
    stubFetch({ 'GET /api/channels': { body: [] } })
    renderWithProviders(<DevicePushSwitch timeZone="Europe/London" />)
    expect(await screen.findByText(/can't receive notifications/)).toBeInTheDocument()
    expect(screen.getByRole('switch')).toBeDisabled()
  })

  it('asks for permission only when turned on, and explains a refusal', async () => {
    const requestPermission = vi.fn(() => Promise.resolve('denied' as NotificationPermission))
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }))
    vi.stubGlobal('PushManager', function PushManager() {})
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(undefined) },
    })
    stubFetch({ 'GET /api/channels': { body: [] } })
    const { user } = renderWithProviders(<DevicePushSwitch timeZone="Europe/London" />)
    expect(await screen.findByText(/only when you turn this on/)).toBeInTheDocument()
    expect(requestPermission).not.toHaveBeenCalled()
    await user.click(screen.getByRole('switch', { name: 'Notifications on this device' }))
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(await screen.findByText(/Notifications are blocked/)).toBeInTheDocument()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })
})

describe('QuietHoursEditor', () => {
  it('saves quiet hours in minutes and says SOS is never delayed elsewhere', async () => {
    const fetchMock = stubFetch({
      'GET /api/quiet-hours': { body: { quietStart: null, quietEnd: null } },
      'PUT /api/quiet-hours': { body: { quietStart: 1320, quietEnd: 420 } },
    })
    const { user } = renderWithProviders(<QuietHoursEditor timeZone="Europe/London" />)
    await user.click(await screen.findByRole('switch', { name: 'Use quiet hours' }))
    expect(screen.getByText(/Europe\/London/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }))
    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/api/quiet-hours')).toEqual({ quietStart: 1320, quietEnd: 420 }))
  })
})

describe('helpers', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
  ])('labels %s as %s', (ua, label) => expect(deviceLabel(ua)).toBe(label))

  it.each([
    [0, '00:00'],
    [420, '07:00'],
    [1439, '23:59'],
  ])('turns %i minutes into %s and back', (minutes, time) => {
    expect(minutesToTime(minutes)).toBe(time)
    expect(timeToMinutes(time)).toBe(minutes)
  })
})

describe('ChannelPause', () => {
  const pause = { channelId: 7, destination: 'hooks.example.org', problem: 'timeout', since: '2026-11-22T14:02:00Z', until: '2026-11-22T14:32:00Z' }

  it('says why a channel waits and until when, and tries now', async () => {
    const fetchMock = stubFetch({
      'GET /api/channels': { body: [channel] },
      'GET /api/channels/pauses': { body: [pause] },
      'POST /api/channels/7/resume': { status: 204 },
    })
    const { user } = renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect(await screen.findByText("Paused: no answer from hooks.example.org since 2:02 PM — we'll try again at 2:32 PM")).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Try now/ }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/channels/7/resume' && init?.method === 'POST')).toBe(true))
  })

  it('shows nothing for a channel that is not paused', async () => {
    stubFetch({ 'GET /api/channels': { body: [channel] }, 'GET /api/channels/pauses': { body: [{ ...pause, channelId: 8 }] } })
    renderWithProviders(<ChannelsList timeZone="Europe/London" />)
    expect((await screen.findAllByText('https://ntfy.sh/alex-private'))[0]).toBeInTheDocument()
    expect(screen.queryByText(/Paused:/)).not.toBeInTheDocument()
  })
})
