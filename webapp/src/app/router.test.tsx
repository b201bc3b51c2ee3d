import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { browser } from '@/lib/browser'
import { LOGIN_REDIRECT_DELAY_MS, unauthorizedToast } from '@/lib/login-redirect'
import { makeUser } from '@/testing/data'
import { pending, signedOut, stubFetch } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The form screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

const notFound = { level: 1, name: '404 Page Not Found' } as const
const landing = { level: 1, name: /personal companion/ } as const

/** Lets fetch promises and TanStack Query's setTimeout(0) notifications run without moving the fake clock. */
async function flush() {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

describe('router: while the session loads', () => {
  it('shows the landing page at /', () => {
    stubFetch({ '/api/auth/session': pending })
    renderApp('/')

    expect(screen.getByRole('heading', landing)).toBeInTheDocument()
  })

  it.each(['/settings', '/checkin', '/login', '/no-such-page'])('shows a skeleton at %s', (path) => {
    stubFetch({ '/api/auth/session': pending })
    renderApp(path)

    expect(screen.getByRole('status', { busy: true })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  })
})

describe('router: signed out', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the landing page at /', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/')

    expect(await screen.findByRole('heading', landing)).toBeInTheDocument()
  })

  it('treats an auth endpoint that errors as signed out', async () => {
    stubFetch({ '/api/auth/session': { status: 404, body: { error: 'not found' } } })
    renderApp('/')

    expect(await screen.findByRole('heading', landing)).toBeInTheDocument()
  })

  it('shows the not-found page for an unknown path', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/some/deep/link')

    expect(await screen.findByRole('heading', notFound)).toBeInTheDocument()
    expect(browser.navigate).not.toHaveBeenCalled()
  })

  it('offers the sign-in and registration screens', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/login')

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
  })

  it('shows the crisis hotlines at /crisis', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/crisis')

    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')
    // The hotlines show before the session is known; the sign-in prompt once it is.
    expect(await screen.findByText('Sign in to add personal emergency contacts')).toBeInTheDocument()
  })

  it('on a protected screen shows the Unauthorized toast, then goes to sign in after 500 ms', async () => {
    vi.useFakeTimers()
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/settings')
    await flush()

    const toast = screen.getByText(unauthorizedToast.title).closest('li')
    expect(toast).toHaveClass('destructive')
    expect(toast).toHaveTextContent(unauthorizedToast.description)
    expect(browser.navigate).not.toHaveBeenCalled()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS - 1)
    })
    expect(browser.navigate).not.toHaveBeenCalled()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(browser.navigate).toHaveBeenCalledExactlyOnceWith('/api/login?next=%2Fsettings')
  })

  it.each([
    ['/checkin', '/api/login?next=%2Fcheckin'],
    ['/checkins/12', '/api/login?next=%2Fcheckins%2F12'],
    ['/gps?zone=3', '/api/login?next=%2Fgps%3Fzone%3D3'],
  ])('protects %s and its sub-paths', async (path, target) => {
    vi.useFakeTimers()
    stubFetch({ '/api/auth/session': signedOut })
    renderApp(path)
    await flush()

    expect(screen.getByText(unauthorizedToast.description)).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS)
    })
    expect(browser.navigate).toHaveBeenCalledExactlyOnceWith(target)
  })

  it('does not treat look-alike paths as protected', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/settingsx')

    expect(await screen.findByRole('heading', notFound)).toBeInTheDocument()
    expect(screen.queryByText(unauthorizedToast.title)).not.toBeInTheDocument()
  })
})

describe('router: signed in', () => {
  it('shows the dashboard at / inside the shell', async () => {
    stubFetch({ '/api/auth/session': { body: makeUser() } })
    renderApp('/')

    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeInTheDocument()
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0)
  })

  it('shows an unknown path as the not-found card inside the shell', async () => {
    stubFetch({ '/api/auth/session': { body: makeUser() } })
    renderApp('/no-such-screen')

    expect(await screen.findByRole('heading', notFound)).toBeInTheDocument()
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0)
  })

  it('shows the crisis hotlines inside the shell, without the sign-in prompt', async () => {
    stubFetch({ '/api/auth/session': { body: makeUser() } })
    renderApp('/crisis')

    expect(await screen.findByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeInTheDocument()
    expect(screen.queryByText('Sign in to add personal emergency contacts')).not.toBeInTheDocument()
  })

  it.each(['/login', '/register'])('sends %s on to /', async (path) => {
    stubFetch({ '/api/auth/session': { body: makeUser() } })
    const { location } = renderApp(path)

    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/')
  })

  it('sends /login?next= on to that page', async () => {
    stubFetch({ '/api/auth/session': { body: makeUser() } })
    const { location } = renderApp('/login?next=%2Fsettings')

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/settings')
  })

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never follows next=%s off the site',
    async (next) => {
      stubFetch({ '/api/auth/session': { body: makeUser() } })
      const { location } = renderApp(`/login?next=${encodeURIComponent(next)}`)

      expect(await screen.findByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeInTheDocument()
      expect(location.history?.at(-1)).toBe('/')
    },
  )

  it('treats any 401 Unauthorized of a screen as a lost session (one toast, one redirect)', async () => {
    stubFetch({
      '/api/auth/session': { body: makeUser() },
      'PATCH /api/auth/user': signedOut,
    })
    const { user } = renderApp('/settings')

    await user.click(await screen.findByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText(unauthorizedToast.description)).toBeInTheDocument()
    await vi.waitFor(() => expect(browser.navigate).toHaveBeenCalledWith('/api/login?next=%2Fsettings'), {
      timeout: 2000,
    })
    expect(browser.navigate).toHaveBeenCalledTimes(1)
    expect(screen.queryByText("Couldn't save your profile. Please try again.")).not.toBeInTheDocument()
  })
})
