import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

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
