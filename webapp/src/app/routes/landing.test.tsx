import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { landingFeatures, landingText } from '@/features/landing/content'
import { signedOut, stubFetch } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

describe('landing page', () => {
  it('describes the product as a personal companion for wellness support and progress tracking', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/')

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent(
      'Your personal companion for wellness support and progress tracking',
    )
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })

  it('lists the six features, in order, each with one sentence', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/')

    const list = await screen.findByRole('list', { name: 'Features' })
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(titles).toEqual([
      'Daily Check-ins',
      'Symptom Tracking',
      'Educational Resources',
      'Progress Dashboard',
      'Smart Alerts',
      'Crisis Support',
    ])
    for (const feature of landingFeatures) {
      expect(within(list).getByText(feature.description)).toBeInTheDocument()
    }
  })

  it('sends both calls to action to the login endpoint', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/')

    const getStarted = await screen.findByRole('link', { name: 'Get Started Today' })
    const signIn = screen.getByRole('link', { name: 'Sign In to Get Started' })

    expect(getStarted).toHaveAttribute('href', '/api/login')
    expect(signIn).toHaveAttribute('href', '/api/login')
  })

  it('offers crisis help to people in immediate need', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/')

    expect(await screen.findByRole('link', { name: 'Need help now?' })).toHaveAttribute(
      'href',
      '/crisis',
    )
    expect(screen.getByRole('link', { name: landingText.crisis.callLabel })).toHaveAttribute(
      'href',
      'tel:988',
    )
  })

  it('is shown while the session is still loading', () => {
    stubFetch({ '/api/auth/session': () => new Promise<Response>(() => {}) })
    renderApp('/')

    expect(screen.getByRole('link', { name: 'Get Started Today' })).toBeInTheDocument()
  })
})
