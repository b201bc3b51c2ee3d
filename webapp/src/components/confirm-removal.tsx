import type * as React from 'react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import type { ConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { cn } from '@/lib/utils'

export type ConfirmRemovalProps<T> = {
  /** From `useConfirmedRemoval`: the item asked about, the removal, its state and failure. */
  removal: ConfirmedRemoval<T>
  /** "Remove Sam?", from the feature's content.ts. */
  title: React.ReactNode | ((item: T) => React.ReactNode)
  description: React.ReactNode | ((item: T) => React.ReactNode)
  cancelLabel: React.ReactNode
  confirmLabel: React.ReactNode
  /** Shown on the confirm button while the removal runs. */
  pendingLabel?: React.ReactNode
  /** Keep the confirmation open (Cancel disabled) while the removal runs. */
  lockWhilePending?: boolean
  buttonClassName?: string
  /** Where focus goes when the item is gone with the button that asked (the list, its heading). */
  focusAfterRemoval?: React.RefObject<HTMLElement | null>
}

/**
 * A removal's "are you sure?" (an AlertDialog): the feature's own words, a
 * confirm button that waits while the removal runs, the failure inside the
 * dialog, and focus back on the button that asked, or, when that went with
 * the item, on `focusAfterRemoval`.
 */
export function ConfirmRemoval<T>({
  removal,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  lockWhilePending = true,
  buttonClassName,
  focusAfterRemoval,
}: ConfirmRemovalProps<T>) {
  const { item, removing, error } = removal
  const locked = removing && lockWhilePending
  const returnFocus = (event: Event) => {
    const opener = removal.opener.current
    const target = opener?.isConnected ? opener : focusAfterRemoval?.current
    if (!target) return
    event.preventDefault()
    target.focus()
  }
  const words = (text: React.ReactNode | ((item: T) => React.ReactNode)) =>
    item === null ? null : typeof text === 'function' ? text(item) : text
  return (
    <AlertDialog open={item !== null} onOpenChange={(next) => !next && !locked && removal.cancel()}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{words(title)}</AlertDialogTitle>
          <AlertDialogDescription>{words(description)}</AlertDialogDescription>
        </AlertDialogHeader>
        {error && (
          <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300">
            {error.description ?? error.title}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonClassName} disabled={locked}>
            {cancelLabel}
          </AlertDialogCancel>
          <Button variant="destructive" className={cn(buttonClassName)} disabled={removing} onClick={removal.confirm}>
            {removing && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
