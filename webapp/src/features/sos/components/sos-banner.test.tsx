import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { safeText } from '../content'
import type { OpenSos } from '../types'
import { SosAlertActions } from './sos-alert-actions'
import { SosBanner, type SosSharing } from './sos-banner'

const startedAt = new Date(Date.now() - 5 * 60_000).toISOString()
const until = new Date(Date.now() + 55 * 60_000).toISOString()
const sos: OpenSos = {
  alert: { id: 9, type: 'sos', message: 'You asked for help.', link: '/crisis', isRead: false, createdAt: startedAt },
  sharingUntil: until,
}
const closed = { ...sos.alert, isRead: true, resolvedAt: new Date().toISOString(), resolution: "They said they're safe now." }

describe('SosBanner', () => {
  const cases: { sharing: SosSharing; line: string }[] = [
    { sharing: 'on', line: safeText.sharing(until) },
    { sharing: 'blocked', line: safeText.sharingBlocked },
    { sharing: 'ended', line: safeText.sharingEnded(until) },
  ]
  for (const c of cases) {
    it(`says since when, and whether the position is shared (${c.sharing})`, () => {
      stubFetch()
      renderWithProviders(<SosBanner sos={sos} sharing={c.sharing} />)
      const banner = screen.getByRole('region', { name: safeText.title })
      expect(banner).toHaveTextContent(safeText.since(startedAt))
      expect(screen.getByTestId('sos-sharing')).toHaveTextContent(c.line)
      expect(screen.getByRole('button', { name: safeText.safe })).toBeEnabled()
    })
  }

  it('"I\'m safe now" closes the SOS and says so; a failure says to try again', async () => {
    const user = userEvent.setup({ delay: null })
    let answers = 0
    const fetchMock = stubFetch({
      'POST /api/sos/9/safe': () => {
        answers++
        return answers === 1
          ? new Response(JSON.stringify({ error: 'internal', message: 'x' }), { status: 500, headers: { 'Content-Type': 'application/json' } })
          : new Response(JSON.stringify(closed), { status: 200, headers: { 'Content-Type': 'application/json' } })
      },
    })
    renderWithProviders(<SosBanner sos={sos} sharing="on" />)
    await user.click(screen.getByRole('button', { name: safeText.safe }))
    expect(await screen.findByRole('alert')).toHaveTextContent(safeText.failed)
    await user.click(screen.getByRole('button', { name: safeText.safe }))
    expect(await screen.findByText(safeText.closed.title)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText(safeText.failed)).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/sos/9/safe')).toHaveLength(2)
  })
})

describe('SosAlertActions', () => {
  it.each([
    ['an open SOS', sos.alert, true],
    ['a closed SOS', closed, false],
    ['another kind of alert', { ...sos.alert, type: 'missed_checkin' }, false],
  ])('%s', (_name, alert, shown) => {
    stubFetch()
    renderWithProviders(<SosAlertActions alert={alert} />)
    expect(screen.queryByRole('button', { name: safeText.safe }) !== null).toBe(shown)
  })
})
