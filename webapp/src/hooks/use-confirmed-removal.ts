import type { UseMutationResult } from '@tanstack/react-query'
import * as React from 'react'

import { toast, type Toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

export type RemovalTexts<T> = {
  /** The toast once the item is gone; none when the list says enough. */
  done?: (item: T) => Toast
  /** Shown inside the confirmation when the removal fails (its description, else its title). */
  failed: Toast | ((error: Error) => Toast)
}

export type ConfirmedRemoval<T> = {
  /** The item the confirmation is open for. */
  item: T | null
  /** Opens the confirmation; `opener` (the button pressed) gets the focus back when it closes. */
  ask: (item: T, opener?: HTMLElement | null) => void
  cancel: () => void
  confirm: () => void
  removing: boolean
  /** Why the last try failed, shown in the confirmation, which stays open for another try. */
  error: Toast | null
  opener: React.RefObject<HTMLElement | null>
}

/**
 * Removing something after asking first (a zone, a bracelet, a contact, a
 * symptom log, a share link, a channel, a supporter): which item the
 * confirmation is open for, the removal, its toast, and its failure. A
 * signed-out failure closes the confirmation silently: the sign-in redirect
 * speaks for it. `ConfirmRemoval` (src/components) shows it.
 */
export function useConfirmedRemoval<T extends { id: Id }, Id>(
  mutation: UseMutationResult<unknown, Error, Id>,
  texts: RemovalTexts<T>,
): ConfirmedRemoval<T> {
  const [item, setItem] = React.useState<T | null>(null)
  const [error, setError] = React.useState<Toast | null>(null)
  const opener = React.useRef<HTMLElement | null>(null)
  const ask = (next: T, from?: HTMLElement | null) => {
    opener.current = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    setError(null)
    setItem(next)
  }
  const cancel = () => {
    setError(null)
    setItem(null)
  }
  const confirm = () => {
    if (!item) return
    const removed = item
    setError(null)
    mutation.mutate(removed.id, {
      onSuccess: () => {
        setItem(null)
        if (texts.done) toast(texts.done(removed))
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) {
          setItem(null)
          return
        }
        setError(typeof texts.failed === 'function' ? texts.failed(failure) : texts.failed)
      },
    })
  }
  return { item, ask, cancel, confirm, removing: mutation.isPending, error, opener }
}
