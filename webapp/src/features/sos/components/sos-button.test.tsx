import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { jsonResponse, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { sosText } from '../content'
import { SosButton } from './sos-button'

const sam = {
  id: 1, label: 'Sam', name: 'Sam Lee', status: 'active',
  grant: { checkIns: false, checkInDetails: false, alerts: ['sos'], location: 'never', locationWindowMinutes: 60 },
}
const pending = { ...sam, id: 2, label: 'Robin', status: 'pending' }
const noSos = { ...sam, id: 3, label: 'Kim', grant: { ...sam.grant, alerts: ['avoid_zone'] } }

function render(routes: FetchRoutes) {
  const fetchMock = stubFetch(routes)
  return { ...renderWithProviders(<SosButton />), fetchMock }
}

describe('SosButton', () => {
  const cases = [
    { name: 'names who will be told', supporters: [sam, pending, noSos], audience: /Sam will be told right away/ },
    { name: 'says nobody has the SOS scope yet, and where to call', supporters: [pending, noSos], audience: /Nobody in your care circle has the SOS alert yet.*988/ },
  ]
  for (const c of cases) {
    it(`asks once and ${c.name}; Cancel sends nothing and gives focus back`, async () => {
      const user = userEvent.setup({ delay: null })
      const { fetchMock } = render({ '/api/supporters': () => jsonResponse({ body: c.supporters }) })
      const button = screen.getByRole('button', { name: /Alert my people now/ })
      await user.click(button)
      const dialog = await screen.findByRole('alertdialog')
      expect(await screen.findByText(c.audience)).toBeInTheDocument()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
      expect(button).toHaveFocus()
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/sos' && init?.method === 'POST')).toBe(false)
    })
  }

  const results = [
    {
      name: 'the alert message on success',
      answer: () => jsonResponse({ status: 201, body: { alert: { id: 9, type: 'sos', message: 'You asked for help at 21:04. 1 of your people are being told right now.', link: '/crisis', isRead: false, createdAt: '2026-11-22T21:04:00Z' }, supporters: 1 } }),
      title: sosText.resultTitle,
      message: /1 of your people are being told right now/,
    },
    {
      name: "the server's kind message for a repeat (409)",
      answer: () => jsonResponse({ status: 409, body: { error: 'conflict', message: 'Your people were told a moment ago. If you need someone right now, call or text 988.' } }),
      title: sosText.repeatTitle,
      message: /told a moment ago/,
    },
    { name: 'a plain failure for anything else', answer: () => jsonResponse({ status: 500, body: { error: 'internal', message: 'x' } }), title: sosText.failedTitle, message: /didn't go through/ },
  ]
  for (const r of results) {
    it(`shows ${r.name}`, async () => {
      const user = userEvent.setup({ delay: null })
      render({ '/api/supporters': () => jsonResponse({ body: [sam] }), 'POST /api/sos': r.answer })
      await user.click(screen.getByRole('button', { name: /Alert my people now/ }))
      await user.click(await screen.findByRole('button', { name: sosText.confirm }))
      expect(await screen.findByRole('heading', { name: r.title })).toBeInTheDocument()
      expect(screen.getByTestId('sos-result')).toHaveTextContent(r.message)
      expect(screen.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988')
      await user.click(screen.getByRole('button', { name: sosText.close }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    })
  }
})
