import * as React from 'react'

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

export type ConfirmDialogProps = {
  open: boolean
  /** Called when the person cancels or dismisses the dialog. */
  onCancel: () => void
  onConfirm: () => void
  title: React.ReactNode
  description: React.ReactNode
  cancelLabel: React.ReactNode
  confirmLabel: React.ReactNode
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: React.ReactNode
  pending?: boolean
  /** Keep the dialog open (Cancel disabled) while the action runs. */
  lockWhilePending?: boolean
  buttonClassName?: string
  /** Where focus goes when the dialog closes (call `event.preventDefault()` to move it yourself). */
  onCloseAutoFocus?: (event: Event) => void
}

/** A destructive action's "are you sure?": one place for its markup and states. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending = false,
  lockWhilePending = true,
  buttonClassName,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const locked = pending && lockWhilePending
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !locked && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonClassName} disabled={locked}>
            {cancelLabel}
          </AlertDialogCancel>
          <Button variant="destructive" className={buttonClassName} disabled={pending} onClick={onConfirm}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
