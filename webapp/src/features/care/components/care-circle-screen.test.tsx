import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeSupporter } from '@/testing/care-data'
import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { CareCircleScreen } from './care-circle-screen'

const INVITATION = {
  supporter: makeSupporter({ id: 2, label: 'Kim', status: 'pending', name: undefined, email: undefined, acceptedAt: null }),
  token: 'q8x1',
  inviteUrl: '/care/accept#token=q8x1',
}

describe('Care circle', () => {
  it('explains what supporters never see and shows an empty circle', async () => {
    stubFetch({ '/api/supporters': { body: [] }, '/api/supporters/views': { body: [] } })
    renderWithProviders(<CareCircleScreen />)
    expect(screen.getByRole('heading', { level: 1, name: 'Care circle' })).toBeInTheDocument()
    expect(screen.getByText(/never see your check-in notes, triggers/)).toBeInTheDocument()
    expect(await screen.findByText(/Nobody is in your care circle yet/)).toBeInTheDocument()
    expect(await screen.findByText('Nobody has looked at anything yet.')).toBeInTheDocument()
  })

  it('lists each supporter with their status, and the audit log', async () => {
    stubFetch({
      '/api/supporters': {
        body: [
          makeSupporter(),
          makeSupporter({ id: 2, label: 'Kim', status: 'pending', inviteEmail: 'kim@example.org', name: undefined, email: undefined, acceptedAt: null }),
        ],
      },
      '/api/supporters/views': { body: [{ supporterId: 1, name: 'Sam, my sponsor', what: 'location', viewedAt: '2026-11-22T21:20:00Z' }] },
    })
    renderWithProviders(<CareCircleScreen timeZone="UTC" />)
    const sam = await screen.findByRole('region', { name: 'Sam, my sponsor' })
    expect(within(sam).getByTestId('supporter-status')).toHaveTextContent('Active')
    expect(within(sam).getByText(/Accepted Nov 22, 2026/)).toBeInTheDocument()
    expect(within(sam).getByTestId('grant-summary')).toHaveTextContent('They see: Nothing yet: everything is off.')
    expect(within(sam).queryByRole('form')).not.toBeInTheDocument()
    const change = within(sam).getByRole('button', { name: 'Change what they see' })
    expect(change).toHaveAttribute('aria-expanded', 'false')
    const kim = screen.getByRole('region', { name: 'Kim' })
    expect(within(kim).getByTestId('supporter-status')).toHaveTextContent('Invited')
    expect(within(kim).getByText(/Only kim@example.org can accept/)).toBeInTheDocument()
    expect(within(kim).getByText(/have not accepted yet/)).toBeInTheDocument()
    const log = screen.getByRole('region', { name: 'What they looked at' })
    expect(await within(log).findByText('Sam, my sponsor looked at your location')).toBeInTheDocument()
    expect(within(log).getByText('Nov 22, 2026, 9:20 PM')).toBeInTheDocument()
  })

  it.each([
    ['pending', undefined, 'Sending the invitation email…'],
    ['sent', undefined, 'Invitation email sent.'],
    ['failed', '550 mailbox unavailable', 'The invitation email could not be sent (550 mailbox unavailable). Remove this invitation'],
  ] as const)('says what became of an emailed invitation: %s', async (state, error, words) => {
    stubFetch({
      '/api/supporters': {
        body: [
          makeSupporter({
            id: 2, label: 'Kim', status: 'pending', inviteEmail: 'kim@example.org', inviteEmailState: state, inviteEmailError: error,
            name: undefined, email: undefined, acceptedAt: null,
          }),
        ],
      },
      '/api/supporters/views': { body: [] },
    })
    renderWithProviders(<CareCircleScreen timeZone="UTC" />)
    const kim = await screen.findByRole('region', { name: 'Kim' })
    expect(within(kim).getByTestId('invite-email-state')).toHaveTextContent(words)
  })

  it('invites with a name and shows the whole one-time link with Copy', async () => {
    const fetchMock = stubFetch({
      '/api/supporters': { body: [] },
      '/api/supporters/views': { body: [] },
      'POST /api/supporters': { status: 201, body: INVITATION },
    })
    const { user } = renderWithProviders(<CareCircleScreen />)
    await user.click(screen.getByRole('button', { name: 'Invite a supporter' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a supporter' })
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }))
    expect(within(dialog).getByText('Write a name or a few words so you know who this is.')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('How do you know them?'), 'Kim')
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }))
    const done = await screen.findByRole('dialog', { name: 'Send them this link' })
    expect(sentBody(fetchMock, 'POST', '/api/supporters')).toEqual({ label: 'Kim', email: '' })
    const link = `${window.location.origin}/care/accept#token=q8x1`
    expect(within(done).getByLabelText('Invitation link')).toHaveValue(link)
    expect(within(done).getByText(/It works once, for 7 days/)).toBeInTheDocument()
    await user.click(within(done).getByRole('button', { name: 'Copy the invitation link' }))
    // user-event puts its own clipboard in the page.
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(await within(done).findAllByText('Copied')).not.toHaveLength(0)
  })

  it("shows the server's words for a bad email", async () => {
    stubFetch({
      '/api/supporters': { body: [] },
      '/api/supporters/views': { body: [] },
      'POST /api/supporters': {
        status: 400,
        body: { error: 'invalid', message: 'Please check the highlighted fields.', fields: { email: 'Enter an email address like name@example.org.' } },
      },
    })
    const { user } = renderWithProviders(<CareCircleScreen />)
    await user.click(screen.getByRole('button', { name: 'Invite a supporter' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a supporter' })
    await user.type(within(dialog).getByLabelText('How do you know them?'), 'Kim')
    await user.type(within(dialog).getByLabelText('Their email (optional)'), 'kim@')
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }))
    expect(await within(dialog).findByText('Enter an email address like name@example.org.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Their email (optional)')).toHaveAttribute('aria-invalid', 'true')
  })

  it('removes a supporter after one confirmation', async () => {
    let list = [makeSupporter()]
    const fetchMock = stubFetch({
      '/api/supporters': () => new Response(JSON.stringify(list), { status: 200 }),
      '/api/supporters/views': { body: [] },
      'DELETE /api/supporters/1': () => {
        list = []
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderWithProviders(<CareCircleScreen />)
    const sam = await screen.findByRole('region', { name: 'Sam, my sponsor' })
    await user.click(within(sam).getByRole('button', { name: 'Remove Sam, my sponsor' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Sam, my sponsor from your care circle?' })
    expect(fetchMock).not.toHaveBeenCalledWith('/api/supporters/1', expect.anything())
    await user.click(within(confirm).getByRole('button', { name: 'Remove supporter' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sam, my sponsor' })).not.toBeInTheDocument())
    expect(await screen.findByText(/Nobody is in your care circle yet/)).toBeInTheDocument()
    expect(screen.getAllByText('Sam, my sponsor is no longer in your care circle.').length).toBeGreaterThan(0)
  })

  it('offers to try again when the list does not load', async () => {
    stubFetch({ '/api/supporters': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }, '/api/supporters/views': { body: [] } })
    renderWithProviders(<CareCircleScreen />)
    expect(await screen.findByText("We couldn't load your care circle.")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('what a supporter sees, in one line', () => {
  it('opens the editor on demand and sums the grant up', async () => {
    stubFetch({
      '/api/supporters': {
        body: [
          makeSupporter({
            grant: { checkIns: true, checkInDetails: true, alerts: ['sos', 'avoid_zone'], location: 'during_alert', locationWindowMinutes: 120 },
          }),
        ],
      },
      '/api/supporters/views': { body: [] },
    })
    const { user } = renderWithProviders(<CareCircleScreen />)
    const sam = await screen.findByRole('region', { name: 'Sam, my sponsor' })
    expect(within(sam).getByTestId('grant-summary')).toHaveTextContent(
      'They see: your check-ins with days since using; alerts (avoid zones, SOS); your location during an alert, for 2 hours',
    )
    await user.click(within(sam).getByRole('button', { name: 'Change what they see' }))
    expect(within(sam).getByRole('form', { name: 'What Sam, my sponsor can see' })).toBeInTheDocument()
    expect(within(sam).getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true')
  })
})
