import { screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { authText } from '@/features/auth/content'
import { browser } from '@/lib/browser'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, signedOut, stubFetch } from '@/testing/fetch-stub'
import { sessionStub } from '@/testing/session-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The form screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

const text = authText.register

async function fillIn(user: ReturnType<typeof renderApp>['user'], password = 'a quiet morning walk') {
  await user.type(await screen.findByLabelText('First name'), 'Ana')
  await user.type(screen.getByLabelText(/Last name/), 'Lopez')
  await user.type(screen.getByLabelText('Email'), 'Ana@Example.com')
  await user.type(screen.getByLabelText('Password'), password)
}

describe('registration screen', () => {
  beforeEach(() => {
    vi.spyOn(browser, 'timeZone').mockReturnValue('America/Chicago')
  })

  it('tells which time zone it will use and links to sign in', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/register?next=%2Fsettings')

    expect(await screen.findByRole('heading', { level: 1, name: text.title })).toBeInTheDocument()
    expect(screen.getByText(/America\/Chicago/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: text.switchLink })).toHaveAttribute('href', '/login?next=%2Fsettings')
  })

  it('checks names and password length before asking the server', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    const { user } = renderApp('/register')

    await user.type(await screen.findByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByText(authText.errors.firstNameRequired)).toBeInTheDocument()
    expect(screen.getByText(authText.errors.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(authText.errors.passwordTooShort)).toBeInTheDocument()
  })

  it('creates the account with the browser time zone, then goes to next', async () => {
    const session = sessionStub()
    const ana = makeUser({ firstName: 'Ana', lastName: 'Lopez', timezone: 'America/Chicago' })
    const fetchMock = stubFetch({
      ...session.routes,
      'POST /api/auth/register': () => {
        session.signIn(ana)
        return jsonResponse({ status: 201, body: ana })
      },
    })
    const { user, location } = renderApp('/register?next=%2Fsettings')

    await fillIn(user)
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/settings')
    expect(sentBody(fetchMock, 'POST', '/api/auth/register')).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'Ana@Example.com',
      password: 'a quiet morning walk',
      timezone: 'America/Chicago',
    })
  })

  it('reads "Creating account..." while waiting', async () => {
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/register': pending })
    const { user } = renderApp('/register')

    await fillIn(user)
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('button', { name: text.pending })).toBeDisabled()
  })

  it('shows the 409 message when the email is taken', async () => {
    const message = 'An account with this email already exists. Sign in instead.'
    stubFetch({
      '/api/auth/session': signedOut,
      'POST /api/auth/register': { status: 409, body: { error: 'conflict', message } },
    })
    const { user } = renderApp('/register')

    await fillIn(user)
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it("puts the server's field messages under their inputs", async () => {
    const common = 'This password is too common. Choose one that is harder to guess.'
    stubFetch({
      '/api/auth/session': signedOut,
      'POST /api/auth/register': {
        status: 400,
        body: {
          error: 'invalid',
          message: 'Check the highlighted fields.',
          fields: { password: common, email: 'Enter a valid email address.' },
        },
      },
    })
    const { user } = renderApp('/register')

    await fillIn(user, 'password123')
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByText(common)).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(common))
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a field message that has no input (the time zone) above the form', async () => {
    stubFetch({
      '/api/auth/session': signedOut,
      'POST /api/auth/register': {
        status: 400,
        body: { error: 'invalid', message: 'Check the highlighted fields.', fields: { timezone: 'Unknown time zone.' } },
      },
    })
    const { user } = renderApp('/register')

    await fillIn(user)
    await user.click(screen.getByRole('button', { name: text.submit }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown time zone.')
  })
})
