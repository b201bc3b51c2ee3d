import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { jsonResponse, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { actionsText } from '../content'
import { AlertActions } from './alert-actions'

describe('AlertActions', () => {
  it('shows nothing on alerts other than avoid zones', () => {
    renderWithProviders(<AlertActions alert={{ id: 1, type: 'low_battery' }} safetyPlanHref="/crisis/safety-plan" />)
    expect(screen.queryByTestId('alert-actions')).not.toBeInTheDocument()
  })

  it('shows the sponsor action it is given between "I\'m okay" and the safety plan', () => {
    renderWithProviders(
      <AlertActions
        alert={{ id: 1, type: 'geofence_enter_avoid' }}
        safetyPlanHref="/crisis/safety-plan"
        sponsorAction={<a href="tel:5550134;ext=22">Call Sam, my sponsor</a>}
      />,
    )
    const group = screen.getByRole('group', { name: actionsText.group })
    expect(Array.from(group.querySelectorAll('a, button'), (el) => el.textContent)).toEqual([
      actionsText.okay,
      'Call Sam, my sponsor',
      actionsText.safetyPlan,
    ])
    expect(screen.getByRole('link', { name: actionsText.safetyPlan })).toHaveAttribute('href', '/crisis/safety-plan')
  })

  it('"I\'m okay" posts and then says when', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = stubFetch({
      'POST /api/alerts/7/ok': () => jsonResponse({ body: { id: 7, type: 'geofence_dwell', okayAt: '2026-11-22T21:09:00Z' } }),
      '/api/alerts': () => jsonResponse({ body: [] }),
    })
    renderWithProviders(<AlertActions alert={{ id: 7, type: 'geofence_dwell' }} safetyPlanHref="/p" />)
    await user.click(screen.getByRole('button', { name: actionsText.okay }))
    expect(await screen.findByTestId('okay-at')).toHaveTextContent(/^You said you're okay at \d{1,2}:\d\d [AP]M$/)
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/alerts/7/ok' && init?.method === 'POST')).toBe(true)
  })

  it('an answered alert shows when, without the button', () => {
    renderWithProviders(<AlertActions alert={{ id: 7, type: 'geofence_enter_avoid', okayAt: '2026-11-22T21:09:00Z' }} safetyPlanHref="/p" />)
    expect(screen.getByTestId('okay-at')).toHaveTextContent(/You said you're okay at/)
    expect(screen.queryByRole('button', { name: actionsText.okay })).not.toBeInTheDocument()
  })

  it('an alert a supporter resolved asks for no "I\'m okay"', () => {
    renderWithProviders(
      <AlertActions alert={{ id: 7, type: 'geofence_enter_avoid', resolvedAt: '2026-11-22T21:30:00Z' }} safetyPlanHref="/p" />,
    )
    expect(screen.queryByRole('button', { name: actionsText.okay })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: actionsText.safetyPlan })).toBeInTheDocument()
  })
})
