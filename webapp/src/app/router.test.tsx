import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { pending, signedOut, stubFetch } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

const notFound = { level: 1, name: '404 Page Not Found' } as const
const landing = { level: 1, name: /personal companion/ } as const

describe('router', () => {
  it('shows the not-found page for an unknown path', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    renderApp('/some/deep/link')

    expect(await screen.findByRole('heading', notFound)).toBeInTheDocument()
  })

  it('shows the landing page at / when signed out', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    renderApp('/')

    expect(await screen.findByRole('heading', landing)).toBeInTheDocument()
  })

  it('treats an auth endpoint that errors as signed out', async () => {
    stubFetch({ '/api/auth/user': { status: 404, body: { error: 'not found' } } })
    renderApp('/')

    expect(await screen.findByRole('heading', landing)).toBeInTheDocument()
  })

  it('shows the landing page while the session is loading', () => {
    stubFetch({ '/api/auth/user': pending })
    renderApp('/')

    expect(screen.getByRole('heading', landing)).toBeInTheDocument()
  })

  it('shows the dashboard at / when signed in', async () => {
    stubFetch({ '/api/auth/user': { body: { id: 'u1', firstName: 'Sam', lastName: 'Lee' } } })
    renderApp('/')

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
  })

  it('hides protected screens from signed-out visitors', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    renderApp('/checkin')

    expect(await screen.findByRole('heading', notFound)).toBeInTheDocument()
  })
})
