import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { Toaster } from '@/components/ui/toaster'
import { toast } from '@/hooks/use-toast'

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

  it('labels the notification area with the F8 hotkey', () => {
    render(<Toaster />)

    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument()
  })
})
