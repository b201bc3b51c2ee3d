import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeStats } from '@/testing/checkin-data'
import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import type { Stats } from '../types'
import { RecoveryDays } from './recovery-days'

const today = '2026-11-22'

function renderDays(stats: Partial<Stats>) {
  const fetchMock = stubFetch({ 'PUT /api/sober-date': { status: 204 }, '/api/stats': { body: makeStats(stats) } })
  return { fetchMock, ...renderWithProviders(<RecoveryDays stats={makeStats(stats)} today={today} historyPath="/checkins" />) }
}

describe('RecoveryDays (issue 4b)', () => {
  it('counts from the last reported use, kindly', () => {
    renderDays({ daysSinceSubstanceUse: 12, substanceUseReported: true })

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('12 days since you last reported using')
    expect(screen.getByText(/Every day you keep going counts/)).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/fail|relapse|reset/i)
  })

  it('says "recovery tracked" when use was never reported', () => {
    renderDays({ daysSinceSubstanceUse: 12, substanceUseReported: false })

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('12 days of recovery tracked')
  })

  it('thanks for honesty on the day of a reported use', () => {
    renderDays({ daysSinceSubstanceUse: 0, substanceUseReported: true })

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('0 days since you last reported using')
    expect(screen.getByText(/Thank you for being honest today/)).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/fail/i)
  })

  it('waits for the first check-in', () => {
    renderDays({ daysSinceSubstanceUse: null, substanceUseReported: false })

    expect(screen.queryByTestId('recovery-days')).not.toBeInTheDocument()
    expect(screen.getByText('Your recovery count begins with your first check-in.')).toBeInTheDocument()
  })
})

describe('the sober date (issue 29)', () => {
  it('counts from the sober date when one is set', () => {
    renderDays({ daysSinceSubstanceUse: 266, soberDate: '2026-03-01' })

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('266 days since your sober date')
    expect(screen.getByText('Counting from your sober date, Sun, Mar 1, 2026.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument()
  })

  it('is set from the card, never in the future, and focus returns to the button', async () => {
    const { user, fetchMock } = renderDays({ daysSinceSubstanceUse: 3 })

    const open = screen.getByRole('button', { name: 'Set my sober date' })
    await user.click(open)
    const input = screen.getByLabelText('Sober date')
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('max', today)

    await user.clear(input)
    await user.type(input, '2026-11-23')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("Your sober date can't be in the future.")).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    await user.clear(input)
    await user.type(input, '2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/api/sober-date')).toEqual({ date: '2026-03-01' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set my sober date' })).toHaveFocus())
  })

  it('offers a new start after a reported use, and does nothing until asked', async () => {
    const { user, fetchMock } = renderDays({ daysSinceSubstanceUse: 266, soberDate: '2026-03-01', useSinceSoberDate: '2026-11-20' })

    const offer = screen.getByTestId('sober-date-offer')
    expect(offer).toHaveTextContent('Your check-in of Fri, Nov 20, 2026 says you used.')
    expect(within(offer).getByRole('link', { name: 'Correct the check-in' })).toHaveAttribute('href', '/checkins')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)

    await user.click(within(offer).getByRole('button', { name: 'Start again from Fri, Nov 20, 2026' }))

    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/api/sober-date')).toEqual({ date: '2026-11-20' }))
  })

  it('keeps the date when the person says so', async () => {
    const { user, fetchMock } = renderDays({ daysSinceSubstanceUse: 266, soberDate: '2026-03-01', useSinceSoberDate: '2026-11-20' })

    await user.click(screen.getByRole('button', { name: 'Keep my date' }))

    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/api/sober-date')).toEqual({ date: '2026-03-01' }))
  })
})
