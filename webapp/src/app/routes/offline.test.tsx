import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { crisisText } from '@/features/crisis/content'
import { safetyPlanText } from '@/features/plans/content'
import { stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

// What fetch does with no network at all (the service worker has no saved copy either).
const unreachable: FetchRoutes = {
  '/api/auth/session': () => Promise.reject(new TypeError('Failed to fetch')),
  '/api/safety-plan': () => Promise.reject(new TypeError('Failed to fetch')),
  '/api/crisis-contacts': () => Promise.reject(new TypeError('Failed to fetch')),
}

describe('offline (the session cannot be asked)', () => {
  it('keeps the crisis page, saying the numbers still work', async () => {
    stubFetch(unreachable)
    renderApp('/crisis')

    expect(await screen.findByText(crisisText.offline)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
  })

  it('says so on the safety plan when this device has no saved copy, with 988 at hand', async () => {
    stubFetch(unreachable)
    renderApp('/crisis/safety-plan')

    expect(await screen.findByText(safetyPlanText.offlineNoCopy)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')
  })

  it('shows the saved copy of the safety plan with its date', async () => {
    stubFetch({
      ...unreachable,
      '/api/safety-plan': () =>
        new Response(JSON.stringify({ warningSigns: ['Not sleeping'] }), {
          headers: { 'Content-Type': 'application/json', 'X-Lifeline-Saved-At': '2026-11-20T09:00:00Z' },
        }),
    })
    renderApp('/crisis/safety-plan')

    expect(await screen.findByText('Not sleeping')).toBeInTheDocument()
    expect(screen.getByText(/This is the copy of your plan this device saved/)).toBeInTheDocument()
  })

  it('tells other screens need a connection instead of sending the person to sign in', async () => {
    stubFetch(unreachable)
    renderApp('/checkins')

    expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Crisis resources' })).toHaveAttribute('href', '/crisis')
  })
})
