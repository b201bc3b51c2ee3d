import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { jsonResponse, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { actionsText } from '../content'
import { AlertActions } from './alert-actions'

const plan = (professionals: { name: string; phone: string }[]) => () => jsonResponse({ body: { professionals } })

describe('AlertActions', () => {
  it('shows nothing on alerts other than avoid zones', () => {
    stubFetch({ '/api/safety-plan': plan([]) })
    renderWithProviders(<AlertActions alert={{ id: 1, type: 'low_battery' }} safetyPlanHref="/crisis/safety-plan" />)
    expect(screen.queryByTestId('alert-actions')).not.toBeInTheDocument()
  })

  const sponsors = [
    { name: 'calls the first contact with a number', professionals: [{ name: 'Front desk', phone: 'ask' }, { name: 'Sam', phone: '+1 (555) 010-2000' }], href: 'tel:+15550102000' },
    { name: 'hides the call without a number', professionals: [{ name: 'Front desk', phone: 'ask at the desk' }], href: null },
  ]
  for (const s of sponsors) {
    it(`"Call my sponsor" ${s.name}`, async () => {
      stubFetch({ '/api/safety-plan': plan(s.professionals) })
      renderWithProviders(<AlertActions alert={{ id: 1, type: 'geofence_enter_avoid' }} safetyPlanHref="/crisis/safety-plan" />)
      expect(screen.getByRole('link', { name: actionsText.safetyPlan })).toHaveAttribute('href', '/crisis/safety-plan')
      if (s.href) {
        expect(await screen.findByRole('link', { name: /Call my sponsor/ })).toHaveAttribute('href', s.href)
      } else {
        await screen.findByRole('button', { name: actionsText.okay })
        expect(screen.queryByRole('link', { name: /Call my sponsor/ })).not.toBeInTheDocument()
      }
    })
  }

  it('"I\'m okay" posts and then says when', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = stubFetch({
      '/api/safety-plan': plan([]),
      'POST /api/alerts/7/ok': () => jsonResponse({ body: { id: 7, type: 'geofence_dwell', okayAt: '2026-11-22T21:09:00Z' } }),
      '/api/alerts': () => jsonResponse({ body: [] }),
    })
    renderWithProviders(<AlertActions alert={{ id: 7, type: 'geofence_dwell' }} safetyPlanHref="/p" />)
    await user.click(screen.getByRole('button', { name: actionsText.okay }))
    expect(await screen.findByTestId('okay-at')).toHaveTextContent(/^You said you're okay at \d\d:\d\d$/)
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/alerts/7/ok' && init?.method === 'POST')).toBe(true)
  })

  it('an answered alert shows when, without the button', () => {
    stubFetch({ '/api/safety-plan': plan([]) })
    renderWithProviders(<AlertActions alert={{ id: 7, type: 'geofence_enter_avoid', okayAt: '2026-11-22T21:09:00Z' }} safetyPlanHref="/p" />)
    expect(screen.getByTestId('okay-at')).toHaveTextContent(/You said you're okay at/)
    expect(screen.queryByRole('button', { name: actionsText.okay })).not.toBeInTheDocument()
  })
})
