import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeStats } from '@/testing/checkin-data'

import { StatCards } from './stat-cards'

function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt' })
  const el = term.closest<HTMLElement>('[data-testid="stat-card"]')
  if (!el) throw new Error(`no card for ${label}`)
  return el
}

describe('StatCards', () => {
  it('shows streak days, weekly check-ins out of 7 and the averages with one decimal', () => {
    render(<StatCards stats={makeStats({ streakDays: 12, weeklyCheckins: 5, avgMood: 7, avgCravings: 2.35 })} />)

    expect(screen.getAllByTestId('stat-card')).toHaveLength(4)
    expect(within(card('Streak')).getByText('12 days')).toBeInTheDocument()
    expect(within(card('Weekly check-ins')).getByText('5/7')).toBeInTheDocument()
    expect(within(card('Average mood')).getByText('7.0')).toBeInTheDocument()
    expect(within(card('Average cravings')).getByText('2.4')).toBeInTheDocument()
  })

  it('says "1 day" for a one-day streak', () => {
    render(<StatCards stats={makeStats({ streakDays: 1, weeklyCheckins: 1, avgMood: 5, avgCravings: 1 })} />)

    expect(within(card('Streak')).getByText('1 day')).toBeInTheDocument()
  })

  it('shows — for averages that are null, and names them for screen readers', () => {
    render(<StatCards stats={makeStats({ streakDays: 0, weeklyCheckins: 0, avgMood: null, avgCravings: null })} />)

    for (const label of ['Average mood', 'Average cravings']) {
      const value = within(card(label)).getByText('—')
      expect(value).toHaveAttribute('aria-hidden', 'true')
      expect(within(card(label)).getByText('No data yet')).toHaveClass('sr-only')
    }
    expect(within(card('Weekly check-ins')).getByText('0/7')).toBeInTheDocument()
    expect(within(card('Streak')).getByText('0 days')).toBeInTheDocument()
  })
})
