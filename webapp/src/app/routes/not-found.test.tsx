import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { signedOut, stubFetch } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

describe('not-found page', () => {
  it('shows the heading and the developer hint', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/no-such-page')

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
  })

  it('links back home, where a signed-out visitor sees the landing page', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    const { user, location } = renderApp('/no-such-page')

    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }))

    expect(location.history?.at(-1)).toBe('/')
    expect(await screen.findByRole('link', { name: 'Get Started Today' })).toBeInTheDocument()
  })
})
