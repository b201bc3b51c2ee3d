import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { makeUser } from '@/testing/data'
import { signedOut, stubFetch } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('care circle routes', () => {
  it('signed out, the accept page stays (no sign-in redirect) and offers to sign in, coming back to it', async () => {
    window.history.replaceState(null, '', '/care/accept#token=q8x1')
    stubFetch({
      '/api/auth/session': signedOut,
      'POST /api/care/invitation': { body: { from: 'Alex', expiresAt: '2026-11-29T09:14:00Z', forEmail: false } },
    })
    renderApp('/care/accept')
    expect(await screen.findByRole('heading', { level: 1, name: 'Join a care circle' })).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fcare%2Faccept')
    expect(within(main).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register?next=%2Fcare%2Faccept')
  })

  it('signed in, the sidebar reaches Care circle and People I support', async () => {
    stubFetch({
      '/api/auth/session': { body: makeUser() },
      '/api/supporting': { body: [] },
    })
    const { user, location } = renderApp('/')
    const [nav] = await screen.findAllByRole('navigation', { name: 'Care circle' })
    expect(within(nav).getByRole('link', { name: 'Care circle' })).toHaveAttribute('href', '/care-circle')
    await user.click(within(nav).getByRole('link', { name: 'People I support' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'People I support' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/supporting')
    expect(await screen.findByText('You are not supporting anyone yet.')).toBeInTheDocument()
  })

  it('signed out, the care circle itself needs signing in', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/care-circle')
    expect(await screen.findByText(/Unauthorized/)).toBeInTheDocument()
  })
})
