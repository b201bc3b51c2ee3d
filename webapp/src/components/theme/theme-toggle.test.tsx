import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { stubMatchMedia } from '@/testing/match-media-stub'

import { THEME_STORAGE_KEY } from './theme-context'
import { ThemeProvider } from './theme-provider'
import { ThemeToggle } from './theme-toggle'

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  )
}

describe('theme toggle', () => {
  it('follows a light system preference by default', () => {
    renderToggle()

    expect(document.documentElement).toHaveClass('light')
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument()
  })

  it('follows a dark system preference by default', () => {
    stubMatchMedia({ prefersDark: true })
    renderToggle()

    expect(document.documentElement).toHaveClass('dark')
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument()
  })

  it('switches to dark and back, saving the choice', async () => {
    const user = userEvent.setup()
    renderToggle()

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))

    expect(document.documentElement).toHaveClass('dark')
    expect(document.documentElement).not.toHaveClass('light')
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))

    expect(document.documentElement).toHaveClass('light')
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light')
  })

  it('prefers a saved choice over the system preference', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    stubMatchMedia({ prefersDark: false })
    renderToggle()

    expect(document.documentElement).toHaveClass('dark')
  })
})
