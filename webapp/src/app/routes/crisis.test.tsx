import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { crisisText } from '@/features/crisis/content'
import { signedOut, stubFetch } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

describe('crisis page (signed out)', () => {
  it('shows the emergency banner and the three hotlines, calls dialled by digits only', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    renderApp('/crisis')

    expect(
      await screen.findByText("If you're experiencing a medical emergency, call 911 immediately."),
    ).toBeInTheDocument()
    const hotlines = screen.getByRole('heading', { name: 'Crisis Hotlines' }).closest('[data-slot="card"]') as HTMLElement
    expect(within(hotlines).getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(within(hotlines).getByRole('link', { name: '1-800-662-4357' })).toHaveAttribute('href', 'tel:18006624357')
    const textLine = within(hotlines).getByText('Text HOME to 741741')
    expect(textLine.closest('a')).toBeNull()
    expect(within(hotlines).getAllByRole('listitem')).toHaveLength(3)
  })

  it('asks signed-out visitors to sign in for personal contacts, coming back here', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    renderApp('/crisis')

    expect(await screen.findByText(crisisText.signInPrompt)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fcrisis')
  })
})
