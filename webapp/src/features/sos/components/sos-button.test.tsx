import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { jsonResponse, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { safeText, sosText } from '../content'
import type { SosListener } from '../types'
import { SosButton } from './sos-button'

const sam: SosListener = { id: 1, label: 'Sam', channels: ['email', 'push'] }
const lee: SosListener = { id: 3, label: 'Lee', channels: ['webhook'] }
const kim: SosListener = { id: 2, label: 'Kim', channels: [] }
const contacts = [
  { id: 5, name: 'Dana', phone: '+1 555 010 3000', relationship: 'friend', isEmergency: true, createdAt: '2026-11-01T09:00:00Z' },
  { id: 6, name: 'The desk', phone: 'ask at reception', relationship: '', isEmergency: false, createdAt: '2026-11-01T09:00:00Z' },
]
const alert = { id: 9, type: 'sos', message: 'You asked for help at 21:04. 1 person is being told right now. You did the right thing.', link: '/crisis', isRead: false, createdAt: '2026-11-22T21:04:00Z' }
const raised = { alert, sharingUntil: '2026-11-22T22:04:00Z', supporters: 1 }

/** The browser's geolocation, an outside seam: it answers at once, or never (a prompt nobody answers). */
function stubGeolocation(answer: 'position' | 'never') {
  const getCurrentPosition = vi.fn((ok: PositionCallback) => {
    if (answer === 'position') ok({ coords: { latitude: 51.5007, longitude: -0.1246, accuracy: 12 } } as GeolocationPosition)
  })
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true })
  return getCurrentPosition
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation')
  vi.useRealTimers()
})

function render(routes: FetchRoutes) {
  const fetchMock = stubFetch({ '/api/crisis-contacts': { body: contacts }, ...routes })
  return { ...renderWithProviders(<SosButton />), fetchMock }
}

async function openDialog(audience: SosListener[], routes: FetchRoutes = {}) {
  const user = userEvent.setup({ delay: null })
  const view = render({ '/api/sos/audience': { body: audience }, ...routes })
  const button = screen.getByRole('button', { name: /Alert my people now/ })
  await user.click(button)
  const dialog = await screen.findByRole('alertdialog', { name: sosText.dialogTitle })
  return { ...view, user, button, dialog }
}

describe('SosButton: who will hear, and how', () => {
  const cases = [
    {
      name: 'everyone has a way outside the app',
      audience: [sam, lee],
      intro: sosText.toldAtOnce,
      lines: ['Sam — by email and notifications on their phone', 'Lee — by their own alert app'],
      calls: false,
    },
    {
      name: 'one of two only in the app',
      audience: [sam, kim],
      intro: sosText.toldAtOnce,
      lines: ['Sam — by email and notifications on their phone', 'Kim — only in the app, when they open Lifeline'],
      calls: false,
    },
    {
      name: 'nobody outside the app: says so, and offers 988 and their own contacts',
      audience: [kim],
      intro: sosText.appOnlyIntro,
      lines: ['Kim — only in the app, when they open Lifeline'],
      warning: sosText.nobodyOutside,
      calls: true,
    },
    { name: 'nobody with the SOS alert at all', audience: [], intro: sosText.nobody, lines: [], calls: true },
  ]
  for (const c of cases) {
    it(`${c.name}; Cancel sends nothing and gives the focus back`, async () => {
      const { user, button, dialog, fetchMock } = await openDialog(c.audience)
      expect(await within(dialog).findByTestId('sos-audience')).toHaveTextContent(c.intro)
      const items = c.lines.length ? within(dialog).getAllByRole('listitem').map((li) => li.textContent) : []
      expect(items).toEqual(c.lines)
      if (c.warning) expect(within(dialog).getByText(c.warning)).toBeInTheDocument()
      const calls = within(dialog).queryByRole('group', { name: sosText.callNow })
      if (c.calls) {
        expect(calls).not.toBeNull()
        expect(within(calls!).getByRole('link', { name: sosText.call988 })).toHaveAttribute('href', 'tel:988')
        expect(await within(calls!).findByRole('link', { name: 'Call Dana' })).toHaveAttribute('href', 'tel:+15550103000')
        expect(within(calls!).queryByRole('link', { name: 'Call The desk' })).not.toBeInTheDocument()
      } else {
        expect(calls).toBeNull()
      }
      expect(within(dialog).getByText(sosText.position)).toBeInTheDocument()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
      expect(button).toHaveFocus()
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/sos' && init?.method === 'POST')).toBe(false)
    })
  }
})

describe('SosButton: sending', () => {
  it('sends where the browser is, says until when it is shared, and "I\'m safe now" closes it', async () => {
    const located = stubGeolocation('position')
    const { user, dialog, fetchMock } = await openDialog([sam], {
      'POST /api/sos': { status: 201, body: raised },
      'POST /api/sos/9/safe': { body: { ...alert, isRead: true, resolvedAt: '2026-11-22T21:30:00Z', resolution: "They said they're safe now." } },
    })
    await user.click(within(dialog).getByRole('button', { name: sosText.confirm }))
    const done = await screen.findByRole('alertdialog', { name: sosText.resultTitle })
    expect(located).toHaveBeenCalledTimes(1)
    expect(sentBody(fetchMock, 'POST', '/api/sos')).toEqual({ latitude: 51.5007, longitude: -0.1246, accuracy: 12 })
    expect(within(done).getByTestId('sos-result')).toHaveTextContent('1 person is being told right now')
    expect(within(done).getByTestId('sos-position')).toHaveTextContent(sosText.sharingUntil(raised.sharingUntil))
    expect(within(done).getByRole('link', { name: sosText.call988 })).toHaveAttribute('href', 'tel:988')

    await user.click(within(done).getByRole('button', { name: safeText.safe }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/sos/9/safe' && init?.method === 'POST')).toBe(true)
    expect(await screen.findByText(safeText.closed.title)).toBeInTheDocument()
  })

  it('goes without a position when the browser gives none within a few seconds', async () => {
    stubGeolocation('never')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user, dialog, fetchMock } = await openDialog([kim], { 'POST /api/sos': { status: 201, body: raised } })
    await user.click(within(dialog).getByRole('button', { name: sosText.confirm }))
    expect(within(dialog).getByRole('button', { name: sosText.sending })).toBeDisabled()
    await vi.advanceTimersByTimeAsync(3000)
    const done = await screen.findByRole('alertdialog', { name: sosText.resultTitleAppOnly })
    expect(sentBody(fetchMock, 'POST', '/api/sos')).toBeUndefined()
    expect(within(done).getByTestId('sos-position')).toHaveTextContent(sosText.notPositioned)
    // Nobody hears outside the app: the calls are offered again.
    expect(within(done).getByRole('group', { name: sosText.callNow })).toBeInTheDocument()
  })

  it('sends again without the position when the server refuses it: a position never stops the SOS', async () => {
    stubGeolocation('position')
    const bodies: unknown[] = []
    const { user, dialog } = await openDialog([sam], {
      'POST /api/sos': (init) => {
        bodies.push(init?.body)
        return bodies.length === 1
          ? jsonResponse({ status: 400, body: { error: 'invalid', message: 'Please check the highlighted fields.', fields: { accuracy: 'x' } } })
          : jsonResponse({ status: 201, body: raised })
      },
    })
    await user.click(within(dialog).getByRole('button', { name: sosText.confirm }))
    expect(await screen.findByRole('alertdialog', { name: sosText.resultTitle })).toBeInTheDocument()
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toBeUndefined()
  })

  const results = [
    {
      name: "the server's kind message for a repeat (409)",
      answer: () => jsonResponse({ status: 409, body: { error: 'conflict', message: 'Your people were told a moment ago. If you need someone right now, call or text 988.' } }),
      title: sosText.repeatTitle,
      message: /told a moment ago/,
    },
    { name: 'a plain failure for anything else', answer: () => jsonResponse({ status: 500, body: { error: 'internal', message: 'x' } }), title: sosText.failedTitle, message: /didn't go through/ },
  ]
  for (const r of results) {
    it(`shows ${r.name}, with 988 to call`, async () => {
      const { user, dialog } = await openDialog([sam], { 'POST /api/sos': r.answer })
      await user.click(within(dialog).getByRole('button', { name: sosText.confirm }))
      const done = await screen.findByRole('alertdialog', { name: r.title })
      expect(within(done).getByTestId('sos-result')).toHaveTextContent(r.message)
      expect(within(done).getByRole('link', { name: sosText.call988 })).toHaveAttribute('href', 'tel:988')
      expect(within(done).queryByRole('button', { name: safeText.safe })).not.toBeInTheDocument()
      await user.click(within(done).getByRole('button', { name: sosText.close }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    })
  }
})
