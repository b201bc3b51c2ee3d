import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as React from 'react'
import { describe, expect, it } from 'vitest'

import { Toaster } from '@/components/ui/toaster'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'

import { ConfirmRemoval } from './confirm-removal'

type Item = { id: number; name: string }

/** A list whose removal waits for `release` and then succeeds or fails as told. */
function Harness({ outcome }: { outcome: () => Promise<void> }) {
  const [items, setItems] = React.useState<Item[]>([
    { id: 1, name: 'Sam' },
    { id: 2, name: 'Alex' },
  ])
  const list = React.useRef<HTMLUListElement>(null)
  const mutation = useMutation<unknown, Error, number>({
    mutationFn: async (id) => {
      await outcome()
      setItems((now) => now.filter((i) => i.id !== id))
    },
  })
  const removal = useConfirmedRemoval<Item, number>(mutation, {
    done: (item) => ({ title: `${item.name} removed` }),
    failed: { title: 'Error', description: 'Failed to remove. Please try again.' },
  })
  return (
    <>
      <ul ref={list} tabIndex={-1} aria-label="People">
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" onClick={(e) => removal.ask(item, e.currentTarget)}>
              Remove {item.name}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmRemoval
        removal={removal}
        focusAfterRemoval={list}
        title={(item) => `Remove ${item.name}?`}
        description="They will no longer be listed."
        cancelLabel="Keep"
        confirmLabel="Remove"
        pendingLabel="Removing…"
      />
      <Toaster />
    </>
  )
}

function setup(outcome: () => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={client}>
      <Harness outcome={outcome} />
    </QueryClientProvider>,
  )
  return user
}

function deferred() {
  let settle: { resolve: () => void; reject: (e: Error) => void } = { resolve: () => {}, reject: () => {} }
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject }
  })
  return { promise, ...settle }
}

describe('ConfirmRemoval', () => {
  it('asks in the feature’s words and, on Keep, returns focus to the button that asked', async () => {
    const user = setup(() => Promise.resolve())
    const trigger = screen.getByRole('button', { name: 'Remove Sam' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam?' })
    expect(dialog).toHaveAccessibleDescription('They will no longer be listed.')
    // The safe choice has the focus first; Escape keeps the item.
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Remove Sam' })).toBeInTheDocument()
  })

  it('waits while the removal runs, then closes, toasts and focuses the list the item left', async () => {
    const gate = deferred()
    const user = setup(() => gate.promise)
    await user.click(screen.getByRole('button', { name: 'Remove Sam' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await within(dialog).findByRole('button', { name: 'Removing…' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toBeDisabled()
    gate.resolve()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Sam removed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove Sam' })).not.toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'People' })).toHaveFocus()
  })

  it('shows a failure inside the dialog, which stays open for another try', async () => {
    const user = setup(() => Promise.reject(new Error('500: boom')))
    await user.click(screen.getByRole('button', { name: 'Remove Alex' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Alex?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to remove. Please try again.')
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Remove Alex' })).toHaveFocus()
  })
})
