import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { authText } from '@/features/auth/content'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, signedOut, stubFetch } from '@/testing/fetch-stub'
import { sessionStub } from '@/testing/session-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The form screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

const text = authText.login

describe('login screen', () => {
  it('has labelled inputs, a crisis link and a link to registration', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/login')

    expect(await screen.findByRole('heading', { level: 1, name: text.title })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: 'Need help now?' })).toHaveAttribute('href', '/crisis')
    expect(screen.getByRole('link', { name: text.switchLink })).toHaveAttribute('href', '/register')
  })

  it('explains what is missing before asking the server', async () => {
    const fetchMock = stubFetch({ '/api/auth/session': signedOut })
    const { user } = renderApp('/login')

    await user.click(await screen.findByRole('button', { name: text.submit }))

    expect(await screen.findByText(authText.errors.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(authText.errors.passwordRequired)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(authText.errors.emailRequired)
    expect(screen.getByLabelText('Email')).toHaveFocus()

    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    expect(await screen.findByText(authText.errors.emailInvalid)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false)
  })

  it.each([
    [401, { error: 'unauthorized', message: 'Email or password is incorrect.' }],
    [429, { error: 'too_many_requests', message: 'Too many sign-in attempts. Try again in 15 minutes.' }],
  ])('shows the server message of a %i', async (status, body) => {
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/login': { status, body } })
    const { user } = renderApp('/login')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('alert')).toHaveTextContent(body.message)
    expect(screen.getByRole('button', { name: text.submit })).toBeEnabled()
  })

  it('says when the server cannot be reached', async () => {
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) })
    const { user } = renderApp('/login')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Password'), 'a password')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach Lifeline")
  })

  it('reads "Signing in..." and is disabled while waiting', async () => {
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/login': pending })
    const { user } = renderApp('/login')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Password'), 'a password')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('button', { name: text.pending })).toBeDisabled()
  })

  it('signs in, refetches the user and goes to the next page', async () => {
    const session = sessionStub()
    const ana = makeUser({ firstName: 'Ana' })
    const fetchMock = stubFetch({
      ...session.routes,
      'POST /api/auth/login': () => {
        session.signIn(ana)
        return jsonResponse({ body: ana })
      },
    })
    const { user, location } = renderApp('/login?next=%2Fsettings')

    await user.type(await screen.findByLabelText('Email'), '  ana@example.com ')
    await user.type(screen.getByLabelText('Password'), 'correct horse battery')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/settings')
    expect(sentBody(fetchMock, 'POST', '/api/auth/login')).toEqual({
      email: 'ana@example.com',
      password: 'correct horse battery',
    })
    const userFetches = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session')
    expect(userFetches.length).toBeGreaterThanOrEqual(2)
  })

  it.each(['//evil.example', 'https://evil.example', '/\\evil'])(
    'ignores next=%s and goes home after signing in',
    async (next) => {
      const session = sessionStub()
      stubFetch({
        ...session.routes,
        'POST /api/auth/login': () => {
          session.signIn(makeUser())
          return jsonResponse({ body: makeUser() })
        },
      })
      const { user, location } = renderApp(`/login?next=${encodeURIComponent(next)}`)

      expect(await screen.findByRole('link', { name: text.switchLink })).toHaveAttribute('href', '/register')
      await user.type(screen.getByLabelText('Email'), 'ana@example.com')
      await user.type(screen.getByLabelText('Password'), 'correct horse battery')
      await user.click(screen.getByRole('button', { name: text.submit }))

      expect(await screen.findByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeInTheDocument()
      expect(location.history?.at(-1)).toBe('/')
    },
  )

  it('keeps next on the link to registration', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/login?next=%2Fsettings')

    expect(await screen.findByRole('link', { name: text.switchLink })).toHaveAttribute(
      'href',
      '/register?next=%2Fsettings',
    )
  })

  it('offers single sign-on when the server has a provider', async () => {
    stubFetch({
      '/api/auth/session': signedOut,
      '/api/auth/config': { body: { localAccounts: true, oidc: { name: 'Company SSO' } } },
    })
    renderApp('/login?next=%2Fsettings')

    expect(await screen.findByRole('link', { name: 'Sign in with Company SSO' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start?next=%2Fsettings',
    )
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })

  it('hides the email form when local accounts are off', async () => {
    stubFetch({
      '/api/auth/session': signedOut,
      '/api/auth/config': { body: { localAccounts: false, oidc: { name: 'Company SSO' } } },
    })
    renderApp('/login')

    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('link', { name: 'Sign in with Company SSO' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start?next=%2F',
    )
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: text.switchLink })).not.toBeInTheDocument()
  })

  it('shows the Unauthorized toast a protected screen had no time to show before leaving', async () => {
    // What redirectToLogin leaves in the tab when the toaster had not loaded in 3 s.
    window.sessionStorage.setItem('lifeline.unauthorized-toast', String(Date.now()))
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/login?next=%2Fsettings')

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument()
    expect(screen.getByText('Unauthorized')).toBeInTheDocument()
    expect(window.sessionStorage.getItem('lifeline.unauthorized-toast')).toBeNull()
  })
})
