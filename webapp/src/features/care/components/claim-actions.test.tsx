import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import type { PersonAlert } from '../types'
import { ClaimActions } from './claim-actions'
import { ClaimLinkPage } from './claim-link-page'

const ALERT: PersonAlert = {
  id: 3,
  type: 'geofence_enter_avoid',
  title: 'Alex may need a friendly voice',
  message: 'Since 9:04 PM, Alex has been at "Rusty Anchor".',
  createdAt: '2026-11-22T21:04:00Z',
  claim: null,
}
const answer = (claim: unknown) => ({ body: { alertId: 3, person: 'Alex', personId: 7, claim, resolvedAt: null } })

describe("I'm on it", () => {
  it('claims an alert nobody is on', async () => {
    const fetchMock = stubFetch({ 'POST /api/supporting/alerts/3/claim': answer({ by: 'Sam', mine: true, at: '2026-11-22T21:06:00Z' }) })
    renderWithProviders(<ClaimActions alert={ALERT} name="Alex" />)
    fireEvent.click(screen.getByRole('button', { name: "I'm on it: Alex may need a friendly voice" }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/supporting/alerts/3/claim', expect.objectContaining({ method: 'POST' })))
  })

  it('shows who else is on it, with no button', () => {
    renderWithProviders(<ClaimActions alert={{ ...ALERT, claim: { by: 'Jo Lee', mine: false, at: '2026-11-22T21:06:00Z' } }} name="Alex" />)
    expect(screen.getByRole('status')).toHaveTextContent('Jo Lee is on it.')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('resolves my claim with a note, and asks for one first', async () => {
    const fetchMock = stubFetch({ 'POST /api/supporting/alerts/3/resolve': answer(null) })
    renderWithProviders(<ClaimActions alert={{ ...ALERT, claim: { by: 'Sam', mine: true, at: '2026-11-22T21:06:00Z' } }} name="Alex" />)
    expect(screen.getByText("You're on it")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hand back' })).toBeEnabled()
    fireEvent.click(screen.getByRole('button', { name: 'Resolve…' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }))
    expect(await screen.findByText('Write a few words for them.')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('A short note for them'), { target: { value: 'Called you, glad you are home.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }))
    await waitFor(() => expect(sentBody(fetchMock, 'POST', '/api/supporting/alerts/3/resolve')).toEqual({ note: 'Called you, glad you are home.' }))
  })
})

describe('the one-tap link page', () => {
  it('claims only when the button is pressed, and thanks them', async () => {
    const fetchMock = stubFetch({ 'POST /api/claim-links/claim': answer({ by: '', mine: true, at: '2026-11-22T21:06:00Z' }) })
    renderWithProviders(<ClaimLinkPage hash="#token=q8x1" />)
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: "I'm on it" }))
    expect(await screen.findByRole('status')).toHaveTextContent("Thank you. Alex now knows you're on it")
    expect(sentBody(fetchMock, 'POST', '/api/claim-links/claim')).toEqual({ token: 'q8x1' })
  })

  it("says a used link doesn't work in the server's words", async () => {
    stubFetch({ 'POST /api/claim-links/claim': { status: 404, body: { error: 'not_found', message: "This link doesn't work any more." } } })
    renderWithProviders(<ClaimLinkPage hash="#token=used" />)
    fireEvent.click(screen.getByRole('button', { name: "I'm on it" }))
    expect(await screen.findByRole('alert')).toHaveTextContent("This link doesn't work any more.")
  })

  it('says so when the link lost its code', () => {
    renderWithProviders(<ClaimLinkPage hash="" />)
    expect(screen.getByRole('alert')).toHaveTextContent('This link is missing its code.')
  })
})
