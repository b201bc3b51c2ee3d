import { act, render, screen } from '@testing-library/react'
import * as React from 'react'
import { describe, expect, it } from 'vitest'

import { Toaster } from '@/components/ui/toaster'
import { removeAllToasts, toast } from '@/hooks/use-toast'

describe('toaster', () => {
  it('shows one toast at a time, the newest', async () => {
    render(<Toaster />)

    act(() => {
      toast({ title: 'First', description: 'first toast' })
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' })
    })

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument()
    expect(screen.queryByText('First')).not.toBeInTheDocument()
  })

  it('shows a toast raised by a screen whose effect runs before the Toaster has subscribed', async () => {
    act(removeAllToasts)
    // Effects run in tree order: this one before the Toaster's own, as the
    // sign-in screen's carried Unauthorized toast does when both arrive in
    // one commit.
    function RaisesAtOnce() {
      React.useEffect(() => {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' })
      }, [])
      return null
    }
    render(
      <>
        <RaisesAtOnce />
        <Toaster />
      </>,
    )

    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument()
  })

  it('labels the notification area with the F8 hotkey', () => {
    render(<Toaster />)

    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument()
  })
})
