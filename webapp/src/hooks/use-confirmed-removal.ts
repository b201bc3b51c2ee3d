import type { UseMutationResult } from '@tanstack/react-query'
import * as React from 'react'

import { toast, type Toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

export type RemovalToasts<T> = {
  done: (item: T) => Toast
  failed: Toast
}

/**
 * Removing something after asking first (a zone, a bracelet, a contact, a
 * symptom log): which item the confirmation is open for, and the removal
 * with its toasts. A signed-out failure shows no toast of its own: the
 * sign-in redirect speaks for it.
 */
export function useConfirmedRemoval<T extends { id: Id }, Id>(
  mutation: UseMutationResult<unknown, Error, Id>,
  toasts: RemovalToasts<T>,
) {
  const [item, setItem] = React.useState<T | null>(null)
  const confirm = () => {
    if (!item) return
    const removed = item
    mutation.mutate(removed.id, {
      onSuccess: () => {
        setItem(null)
        toast(toasts.done(removed))
      },
      onError: (error) => {
        setItem(null)
        if (!isUnauthorizedError(error)) toast({ ...toasts.failed, variant: 'destructive' })
      },
    })
  }
  return { item, ask: setItem, cancel: () => setItem(null), confirm, removing: mutation.isPending }
}
