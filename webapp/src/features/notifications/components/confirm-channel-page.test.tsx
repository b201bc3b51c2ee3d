import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { ConfirmChannelPage } from './confirm-channel-page'

describe('ConfirmChannelPage', () => {
  it('confirms only when the button is pressed, and says which address', async () => {
    const fetchMock = stubFetch({ 'POST /api/channels/confirm': { body: { address: 'alex@example.org' } } })
    const { user } = renderWithProviders(<ConfirmChannelPage hash="#token=abc" />)
    expect(screen.getByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }))
    await waitFor(() => expect(sentBody(fetchMock, 'POST', '/api/channels/confirm')).toEqual({ token: 'abc' }))
    expect(await screen.findByRole('status')).toHaveTextContent('alex@example.org is confirmed')
  })

  it("shows the server's words for a link that no longer works", async () => {
    stubFetch({
      'POST /api/channels/confirm': { status: 404, body: { error: 'not_found', message: 'This link is not valid any more.' } },
    })
    const { user } = renderWithProviders(<ConfirmChannelPage hash="#token=old" />)
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.')
  })

  it('says what to do without a token', () => {
    renderWithProviders(<ConfirmChannelPage hash="" />)
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete')
  })
})
