import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { jsonResponse, sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { contactDialogText, sponsorText } from '../content'
import { SponsorAction } from './sponsor-action'

const sam = { id: 4, name: 'Sam', phone: '555-0134 ext. 22', href: 'tel:5550134;ext=22' }

describe('SponsorAction', () => {
  it('calls the sponsor the server names, by name, with the extension', async () => {
    stubFetch({ '/api/sponsor': { body: { sponsor: sam } } })
    renderWithProviders(<SponsorAction />)
    expect(await screen.findByRole('link', { name: 'Call Sam, my sponsor' })).toHaveAttribute('href', 'tel:5550134;ext=22')
    expect(screen.queryByText(/988/)).not.toBeInTheDocument()
  })

  it('without a sponsor offers to add one, with sponsor chosen, and then calls them', async () => {
    let sponsor: typeof sam | null = null
    const fetchMock = stubFetch({
      '/api/sponsor': () => jsonResponse({ body: { sponsor } }),
      'POST /api/crisis-contacts': () => {
        sponsor = sam
        return jsonResponse({ status: 201, body: { ...sam, relationship: 'sponsor', isEmergency: false, createdAt: '2026-11-22T09:00:00Z' } })
      },
      '/api/crisis-contacts': { body: [] },
    })
    const { user } = renderWithProviders(<SponsorAction />)

    await user.click(await screen.findByRole('button', { name: sponsorText.add }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    expect(within(dialog).getByLabelText(contactDialogText.relationship)).toHaveValue('sponsor')
    await user.type(within(dialog).getByLabelText(contactDialogText.name), 'Sam')
    await user.type(within(dialog).getByLabelText(contactDialogText.phone), '555-0134 ext. 22')
    await user.click(within(dialog).getByRole('button', { name: contactDialogText.save }))

    expect(sentBody(fetchMock, 'POST', '/api/crisis-contacts')).toEqual({
      name: 'Sam',
      phone: '555-0134 ext. 22',
      relationship: 'sponsor',
      isEmergency: false,
    })
    // Adding a contact refreshes who the sponsor is.
    const call = await screen.findByRole('link', { name: 'Call Sam, my sponsor' })
    expect(call).toHaveAttribute('href', 'tel:5550134;ext=22')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The add button the dialog would return the focus to is gone: calling them takes it.
    await waitFor(() => expect(call).toHaveFocus())
  })

  it('shows nothing when the sponsor cannot be read', async () => {
    const fetchMock = stubFetch({ '/api/sponsor': { status: 500, body: { error: 'internal', message: 'x' } } })
    renderWithProviders(<SponsorAction />)
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
