import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { AcceptInvitation } from './accept-invitation'

afterEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

const preview = { 'POST /api/care/invitation': { body: { from: 'Alex', expiresAt: '2026-11-29T09:14:00Z', forEmail: true } } }

const signedOut = { signInHref: '/login?next=%2Fcare%2Faccept', registerHref: '/register?next=%2Fcare%2Faccept' }

function openLink(token = 'q8x1') {
  window.history.replaceState(null, '', `/care/accept#token=${token}`)
}

describe('accepting an invitation', () => {
  it('signed out: says who invites, offers sign-in and sign-up, coming back here, and keeps the token out of the URL', async () => {
    openLink()
    const fetchMock = stubFetch(preview)
    renderWithProviders(<AcceptInvitation signedOut={signedOut} supportingHref="/supporting" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Join a care circle' })).toBeInTheDocument()
    expect(await screen.findByText('Alex has invited you to their care circle.')).toBeInTheDocument()
    expect(screen.getByTestId('invitation-preview')).toHaveTextContent(/only by the account with the email address it was sent to/)
    expect(sentBody(fetchMock, 'POST', '/api/care/invitation')).toEqual({ token: 'q8x1' })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', signedOut.signInHref)
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', signedOut.registerHref)
    expect(window.location.href).not.toContain('q8x1')
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
  })

  it('accepts the kept token with one button and links to People I support', async () => {
    openLink()
    const fetchMock = stubFetch({
      ...preview,
      'POST /api/care/accept': { body: { id: 1, name: 'Alex Rivera', grant: { alerts: [], location: 'never' } } },
    })
    const { user } = renderWithProviders(<AcceptInvitation supportingHref="/supporting" />)
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByText('You now support Alex Rivera.')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/care/accept')).toEqual({ token: 'q8x1' })
    expect(screen.getByRole('link', { name: 'Go to People I support' })).toHaveAttribute('href', '/supporting')
    expect(window.sessionStorage.length).toBe(0)
  })

  it('explains a used or expired invitation', async () => {
    openLink()
    stubFetch({
      ...preview,
      'POST /api/care/accept': { status: 404, body: { error: 'not_found', message: 'This invitation is not valid any more. Ask for a new one.' } },
    })
    const { user } = renderWithProviders(<AcceptInvitation supportingHref="/supporting" />)
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/it was used already or is older than 7 days/)
  })

  it.each([
    ['another account', 400, 'This invitation was sent to another email address.'],
    ['their own invitation', 400, 'This is your own invitation: send it to the person you want in your care circle.'],
    ['someone they already support', 409, 'You already support this person.'],
  ])("shows the server's words for %s", async (_, status, message) => {
    openLink()
    stubFetch({ ...preview, 'POST /api/care/accept': { status, body: { error: status === 409 ? 'conflict' : 'invalid', message } } })
    const { user } = renderWithProviders(<AcceptInvitation supportingHref="/supporting" />)
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says at once when the link is used or expired, before any sign-in', async () => {
    openLink()
    stubFetch({
      'POST /api/care/invitation': { status: 404, body: { error: 'not_found', message: 'This invitation is not valid any more. Ask for a new one.' } },
    })
    renderWithProviders(<AcceptInvitation signedOut={signedOut} supportingHref="/supporting" />)
    expect(await screen.findByRole('alert')).toHaveTextContent(/it was used already or is older than 7 days/)
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('asks for the link when there is no token', () => {
    stubFetch()
    renderWithProviders(<AcceptInvitation supportingHref="/supporting" />)
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from your invitation.')
  })
})
