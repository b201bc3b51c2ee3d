import { screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { authText } from '@/features/auth/content'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, signedOut, stubFetch } from '@/testing/fetch-stub'
import { sessionStub } from '@/testing/session-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)
afterEach(() => window.history.replaceState(null, '', '/'))

const forgot = authText.forgot
const reset = authText.reset

describe('forgot password', () => {
  it('is linked from the sign-in form', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/login')

    expect(await screen.findByRole('link', { name: authText.login.forgotLink })).toHaveAttribute('href', '/forgot-password')
  })

  it('answers "Check your email" without saying whether the address has an account', async () => {
    const fetchMock = stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/password-reset': { status: 202, body: '' } })
    const { user } = renderApp('/forgot-password')

    expect(await screen.findByRole('heading', { level: 1, name: forgot.title })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), ' ana@example.com ')
    await user.click(screen.getByRole('button', { name: forgot.submit }))

    const answer = await screen.findByRole('status')
    expect(answer).toHaveTextContent(forgot.sentTitle)
    expect(answer).toHaveTextContent(forgot.sent('ana@example.com'))
    expect(sentBody(fetchMock, 'POST', '/api/auth/password-reset')).toEqual({ email: 'ana@example.com' })
    expect(screen.getByRole('link', { name: forgot.back })).toHaveAttribute('href', '/login')
  })

  it('shows the limit the server gives and reads "Sending..." while waiting', async () => {
    const message = "We've sent a few links to this address in the last hour. Please look for them (the spam folder too), or try again in 60 minutes."
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/password-reset': { status: 429, body: { error: 'too_many_requests', message } } })
    const { user } = renderApp('/forgot-password')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: forgot.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says who can help when the server cannot send email', async () => {
    stubFetch({ '/api/auth/session': signedOut, '/api/auth/config': { body: { localAccounts: true, oidc: null, passwordReset: false } } })
    renderApp('/forgot-password')

    expect(await screen.findByText(forgot.noEmail)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: forgot.submit })).not.toBeInTheDocument()
  })
})

describe('reset password', () => {
  it('takes the token out of the address bar, checks both passwords and signs in', async () => {
    window.history.replaceState(null, '', '/reset-password#token=abc123')
    const session = sessionStub()
    const ana = makeUser({ firstName: 'Ana' })
    const fetchMock = stubFetch({
      ...session.routes,
      'POST /api/auth/password-reset/confirm': () => {
        session.signIn(ana)
        return jsonResponse({ body: ana })
      },
    })
    const { user, location } = renderApp('/reset-password')

    expect(await screen.findByRole('heading', { level: 1, name: reset.title })).toBeInTheDocument()
    expect(window.location.hash).toBe('')
    expect(screen.getByLabelText(reset.newPassword)).toHaveAccessibleDescription(authText.fields.passwordHint)
    await user.type(screen.getByLabelText(reset.newPassword), 'a new long passphrase')
    await user.type(screen.getByLabelText(reset.repeatPassword), 'a new long passphrasf')
    await user.click(screen.getByRole('button', { name: reset.submit }))
    expect(await screen.findByText(reset.mismatch)).toBeInTheDocument()

    await user.clear(screen.getByLabelText(reset.repeatPassword))
    await user.type(screen.getByLabelText(reset.repeatPassword), 'a new long passphrase')
    await user.click(screen.getByRole('button', { name: reset.submit }))

    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome back, Ana/ })).toBeInTheDocument()
    expect(location.history?.at(-1)).toBe('/')
    expect(sentBody(fetchMock, 'POST', '/api/auth/password-reset/confirm')).toEqual({
      token: 'abc123',
      password: 'a new long passphrase',
    })
  })

  it('reads "Saving..." while waiting', async () => {
    window.history.replaceState(null, '', '/reset-password#token=abc123')
    stubFetch({ '/api/auth/session': signedOut, 'POST /api/auth/password-reset/confirm': pending })
    const { user } = renderApp('/reset-password')

    await user.type(await screen.findByLabelText(reset.newPassword), 'a new long passphrase')
    await user.type(screen.getByLabelText(reset.repeatPassword), 'a new long passphrase')
    await user.click(screen.getByRole('button', { name: reset.submit }))
    expect(await screen.findByRole('button', { name: reset.pending })).toBeDisabled()
  })

  it('says a used or expired link does not work and offers a new one', async () => {
    window.history.replaceState(null, '', '/reset-password#token=old')
    const message = 'This link has expired or was already used. Ask for a new one to choose a password.'
    stubFetch({
      '/api/auth/session': signedOut,
      'POST /api/auth/password-reset/confirm': { status: 404, body: { error: 'not_found', message } },
    })
    const { user } = renderApp('/reset-password')

    await user.type(await screen.findByLabelText(reset.newPassword), 'a new long passphrase')
    await user.type(screen.getByLabelText(reset.repeatPassword), 'a new long passphrase')
    await user.click(screen.getByRole('button', { name: reset.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: reset.askAgain })).toHaveAttribute('href', '/forgot-password')
  })

  it('explains a page opened without its link', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/reset-password')

    expect(await screen.findByRole('alert')).toHaveTextContent(reset.noToken)
    expect(screen.getByRole('link', { name: reset.askAgain })).toHaveAttribute('href', '/forgot-password')
  })
})
