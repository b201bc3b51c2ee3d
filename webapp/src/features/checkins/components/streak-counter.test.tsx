import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { RecoveryDays } from './recovery-days'
import { StreakCounter } from './streak-counter'

describe('StreakCounter', () => {
  it.each([
    [0, 'seedling', 'Next milestone: 1 week (7 days)', '7 days to go', '0'],
    [1, 'seedling', 'Next milestone: 1 week (7 days)', '6 days to go', '14'],
    [7, 'leaf', 'Next milestone: 1 month (30 days)', '23 days to go', '0'],
    [45, 'tree', 'Next milestone: 3 months (90 days)', '45 days to go', '25'],
    [120, 'fire', 'Next milestone: 1 year (365 days)', '245 days to go', '11'],
  ])('%i days: %s icon, %s, %s, bar at %s%%', (days, icon, next, toGo, percent) => {
    render(<StreakCounter days={days} />)

    expect(screen.getByTestId('streak-days')).toHaveTextContent(String(days))
    expect(screen.getByTestId(`streak-icon-${icon}`)).toBeInTheDocument()
    expect(screen.getByText(next.replace('Next milestone: ', ''))).toBeInTheDocument()
    expect(screen.getByText(toGo)).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', percent)
  })

  it('crowns a year and more: "You\'re a legend!" with a full bar', () => {
    render(<StreakCounter days={400} />)

    expect(screen.getByTestId('streak-icon-crown')).toBeInTheDocument()
    expect(screen.getByText("You're a legend!")).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Top tier reached' })).toHaveAttribute('aria-valuenow', '100')
  })
})

describe('RecoveryDays (issue 4b)', () => {
  it('counts from the last reported use, kindly', () => {
    render(<RecoveryDays stats={{ daysSinceSubstanceUse: 12, substanceUseReported: true }} />)

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('12 days since you last reported using')
    expect(screen.getByText(/Every day you keep going counts/)).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/fail|relapse|reset/i)
  })

  it('says "recovery tracked" when use was never reported', () => {
    render(<RecoveryDays stats={{ daysSinceSubstanceUse: 12, substanceUseReported: false }} />)

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('12 days of recovery tracked')
  })

  it('thanks for honesty on the day of a reported use', () => {
    render(<RecoveryDays stats={{ daysSinceSubstanceUse: 0, substanceUseReported: true }} />)

    expect(screen.getByTestId('recovery-days')).toHaveTextContent('0 days since you last reported using')
    expect(screen.getByText(/Thank you for being honest today/)).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/fail/i)
  })

  it('waits for the first check-in', () => {
    render(<RecoveryDays stats={{ daysSinceSubstanceUse: null, substanceUseReported: false }} />)

    expect(screen.queryByTestId('recovery-days')).not.toBeInTheDocument()
    expect(screen.getByText('Your recovery count begins with your first check-in.')).toBeInTheDocument()
  })
})
