import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { jsonResponse, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { SharedLocationPage } from './shared-location-page'

const view = {
  firstName: 'Alex',
  location: { latitude: 51.5007, longitude: -0.1246, timestamp: '2026-11-25T09:14:00Z' },
  expiresAt: '2099-11-25T17:00:00Z',
}
const gone = { status: 404, body: { error: 'not_found', message: 'This link is no longer shared.' } }

function renderPage(hash: string, refreshMs = 60_000) {
  return renderWithProviders(
    <SharedLocationPage
      hash={hash}
      refreshMs={refreshMs}
      renderMap={(p) => <div data-testid="map">{`${p.latitude},${p.longitude}`}</div>}
    />,
  )
}

describe('SharedLocationPage', () => {
  it('shows the name and the position, and opens once then refreshes', async () => {
    const bodies: unknown[] = []
    stubFetch({
      'POST /api/share/view': (init) => {
        bodies.push(JSON.parse(init?.body as string))
        return jsonResponse({ body: view })
      },
    })
    renderPage('#token=abc', 50)
    expect(await screen.findByRole('heading', { name: "Alex's location" })).toBeInTheDocument()
    expect(screen.getByTestId('map')).toHaveTextContent('51.5007,-0.1246')
    await screen.findByText(/Updates every 15 seconds/)
    await new Promise((r) => setTimeout(r, 200))
    expect(bodies[0]).toEqual({ token: 'abc', refresh: false })
    expect(bodies.length).toBeGreaterThan(1)
    expect(bodies.slice(1).every((b) => (b as { refresh: boolean }).refresh)).toBe(true)
  })

  it('says when there is no position yet', async () => {
    stubFetch({ 'POST /api/share/view': { body: { ...view, location: null } } })
    renderPage('#token=abc')
    expect(await screen.findByText(/No position yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('map')).not.toBeInTheDocument()
  })

  it('says kindly that an unknown link is no longer shared', async () => {
    stubFetch({ 'POST /api/share/view': gone })
    renderPage('#token=nope')
    expect(await screen.findByRole('heading', { name: 'No longer shared' })).toBeInTheDocument()
    expect(screen.getByText(/ask them for a new link/)).toBeInTheDocument()
  })

  it('says the link was turned off when it ends while open', async () => {
    let calls = 0
    stubFetch({ 'POST /api/share/view': () => jsonResponse(calls++ === 0 ? { body: view } : gone) })
    renderPage('#token=abc', 50)
    expect(await screen.findByRole('heading', { name: "Alex's location" })).toBeInTheDocument()
    expect(await screen.findByText(/the link was turned off/)).toBeInTheDocument()
  })

  it('asks for the whole link without a token', async () => {
    const fetchMock = stubFetch({})
    renderPage('')
    expect(await screen.findByText(/needs the whole link/)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
