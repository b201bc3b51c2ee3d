import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { type ListQuery, QueryList } from './query-list'

type Item = { id: number; name: string }

const base: ListQuery<Item> = { data: undefined, isPending: false, isError: false, isFetching: false, refetch: () => undefined }

function list(query: ListQuery<Item>, select?: (items: readonly Item[]) => readonly Item[]) {
  return (
    <QueryList
      query={query}
      select={select}
      loading={<p role="status">Loading your people…</p>}
      error={{ message: "We couldn't load your people.", retryLabel: 'Try again' }}
      empty={<p>Nobody yet.</p>}
    >
      {(items) => (
        <ul aria-label="People">
          {items.map((item) => (
            <li key={item.id}>{item.name}</li>
          ))}
        </ul>
      )}
    </QueryList>
  )
}

describe('QueryList', () => {
  it('shows the loading state while the first load runs', () => {
    render(list({ ...base, isPending: true }))
    expect(screen.getByRole('status')).toHaveTextContent('Loading your people…')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('says why it failed and retries from the keyboard; the button waits while the retry runs', async () => {
    const user = userEvent.setup()
    const refetch = vi.fn()
    const { rerender } = render(list({ ...base, isError: true, refetch }))
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load your people.")
    await user.tab()
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(refetch).toHaveBeenCalledTimes(1)
    rerender(list({ ...base, isError: true, isFetching: true, refetch }))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled()
  })

  it('shows the empty state for no items, and for none left after select', () => {
    const { rerender } = render(list({ ...base, data: [] }))
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument()
    rerender(list({ ...base, data: [{ id: 1, name: 'Push' }] }, (items) => items.filter((i) => i.name !== 'Push')))
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument()
  })

  it('renders the selected items through the render prop', () => {
    const data = [
      { id: 1, name: 'Sam' },
      { id: 2, name: 'Push' },
      { id: 3, name: 'Alex' },
    ]
    render(list({ ...base, data }, (items) => items.filter((i) => i.name !== 'Push')))
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual(['Sam', 'Alex'])
    expect(screen.getByRole('list', { name: 'People' })).toBeInTheDocument()
  })
})
