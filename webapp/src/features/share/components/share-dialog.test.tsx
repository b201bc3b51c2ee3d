import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import type { ShareLink } from '../types'
import { ShareDialog } from './share-dialog'

const link: ShareLink = {
  id: 7,
  createdAt: '2026-11-25T09:00:00Z',
  expiresAt: '2026-11-25T17:00:00Z',
  openCount: 2,
  openedAt: ['2026-11-25T09:20:00Z', '2026-11-25T09:05:00Z'],
}

describe('ShareDialog', () => {
  it('creates a link for the chosen hours and shows it to copy', async () => {
    let links: ShareLink[] = []
    const fetchMock = stubFetch({
      'GET /api/share-links': () => new Response(JSON.stringify(links), { headers: { 'Content-Type': 'application/json' } }),
      'POST /api/share-links': () => {
        links = [link]
        return new Response(
          JSON.stringify({ link, token: 'tok', url: 'https://lifeline.example.org/share#token=tok' }),
          { status: 201, headers: { 'Content-Type': 'application/json' } },
        )
      },
    })
    const { user } = renderWithProviders(<ShareDialog timeZone="UTC" />)
    await user.click(screen.getByRole('button', { name: 'Share a link to my location' }))
    expect(await screen.findByText(/No active links/)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: '8 hours' }))
    await user.click(screen.getByRole('button', { name: 'Create link' }))
    expect(await screen.findByDisplayValue('https://lifeline.example.org/share#token=tok')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/share-links')).toEqual({ hours: 8 })
    const item = await screen.findByTestId('share-link')
    expect(within(item).getByText('Opened 2 times')).toBeInTheDocument()
    expect(within(item).getAllByRole('listitem')).toHaveLength(2)
  })

  it('turns a link off only after confirmation', async () => {
    let links: ShareLink[] = [link]
    const fetchMock = stubFetch({
      'GET /api/share-links': () => new Response(JSON.stringify(links), { headers: { 'Content-Type': 'application/json' } }),
      'DELETE /api/share-links/7': () => {
        links = []
        return new Response(null, { status: 204 })
      },
    })
    const { user } = renderWithProviders(<ShareDialog timeZone="UTC" />)
    await user.click(screen.getByRole('button', { name: 'Share a link to my location' }))
    await user.click(await screen.findByRole('button', { name: 'Turn off' }))
    expect(screen.getByRole('alertdialog', { name: 'Turn this link off?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText(/No active links/)).toBeInTheDocument()
  })

  it('says so when the links cannot be loaded', async () => {
    stubFetch({ 'GET /api/share-links': { status: 500, body: { error: 'internal', message: 'boom' } } })
    const { user } = renderWithProviders(<ShareDialog />)
    await user.click(screen.getByRole('button', { name: 'Share a link to my location' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded'))
  })
})
