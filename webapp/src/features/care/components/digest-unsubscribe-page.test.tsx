import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { DigestUnsubscribePage } from './digest-unsubscribe-page'

describe('DigestUnsubscribePage', () => {
  it('turns the summary off only when the button is pressed, and says whose', async () => {
    const fetchMock = stubFetch({ 'POST /api/digest/unsubscribe?token=7.abc': { body: { name: 'Alex' } } })
    const { user } = renderWithProviders(<DigestUnsubscribePage hash="#token=7.abc" />)
    expect(screen.getByRole('heading', { name: 'Stop the weekly summary' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Turn off the weekly summary' }))
    expect(await screen.findByRole('status')).toHaveTextContent("Done. You won't get the weekly summary about Alex any more.")
  })

  it("shows the server's words for a link that turns nothing off", async () => {
    stubFetch({
      'POST /api/digest/unsubscribe?token=old': { status: 404, body: { error: 'not_found', message: "This link doesn't turn off any summary any more." } },
    })
    const { user } = renderWithProviders(<DigestUnsubscribePage hash="#token=old" />)
    await user.click(screen.getByRole('button', { name: 'Turn off the weekly summary' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("This link doesn't turn off any summary any more.")
  })
})
