import { render, screen } from '@testing-library/react'
import { Newspaper } from 'lucide-react'
import { describe, expect, it } from 'vitest'

import { EmptyState } from './empty-state'

describe('EmptyState', () => {
  it('says what is missing, what to do, and offers a way on', () => {
    render(
      <EmptyState message="No contacts yet." hint="Add someone you trust." action={<button type="button">Add contact</button>} />,
    )
    expect(screen.getByText('No contacts yet.')).toHaveClass('font-medium')
    expect(screen.getByText('Add someone you trust.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add contact' })).toBeInTheDocument()
  })

  it('reads a lone message quietly and draws no icon inside a card', () => {
    const { container } = render(<EmptyState message="Nothing here." icon={Newspaper} data-testid="empty" />)
    expect(screen.getByText('Nothing here.')).toHaveClass('text-muted-foreground')
    expect(screen.getByTestId('empty')).toBeInTheDocument()
    expect(container.querySelector('svg')).toBeNull()
  })

  it('draws the icon, hidden from screen readers, for a whole screen', () => {
    const { container } = render(<EmptyState size="screen" message="No posts yet." icon={Newspaper} />)
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })
})
