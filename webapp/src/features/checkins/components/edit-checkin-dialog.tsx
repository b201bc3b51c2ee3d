import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import type { CreateCheckinInput } from '../api/create-checkin'
import { useUpdateCheckin } from '../api/update-checkin'
import { correctText } from '../content'
import type { CheckIn } from '../types'
import { formatMediumDate } from '../utils/dates'
import { CheckinForm } from './checkin-form'

export type EditCheckinDialogProps = {
  /** The check-in being corrected; null closes the dialog. */
  checkin: CheckIn | null
  onClose: () => void
  /** Awaited after a save, once the check-in data is refreshed (the app refreshes alerts). */
  onChanged?: () => unknown
  /** Where focus goes when the dialog closes (call `event.preventDefault()` to move it yourself). */
  onCloseAutoFocus?: (event: Event) => void
}

/**
 * Correcting a saved check-in: the daily check-in form, filled with its
 * answers.
 */
export function EditCheckinDialog({ checkin, onClose, onChanged, onCloseAutoFocus }: EditCheckinDialogProps) {
  const mutation = useUpdateCheckin({ onChanged })
  const date = checkin ? formatMediumDate(checkin.date) : ''

  const onSubmit = (input: CreateCheckinInput) => {
    if (!checkin) return
    mutation.mutate(
      { id: checkin.id, ...input },
      {
        onSuccess: () => {
          toast(correctText.toasts.saved)
          onClose()
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return
          if (readApiError(error)?.status === 404) {
            toast(correctText.toasts.gone)
            onClose()
            return
          }
          toast({ ...correctText.toasts.saveFailed, variant: 'destructive' })
        },
      },
    )
  }

  return (
    <Dialog open={checkin !== null} onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-2xl p-4 sm:p-6" closeLabel={correctText.cancel} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{correctText.editTitle(date)}</DialogTitle>
          <DialogDescription>{correctText.editDescription}</DialogDescription>
        </DialogHeader>
        {checkin && (
          <CheckinForm
            key={checkin.id}
            initial={checkin}
            onSubmit={onSubmit}
            onCancel={onClose}
            pending={mutation.isPending}
            submitLabel={correctText.save}
            pendingLabel={correctText.saving}
            label={correctText.editTitle(date)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
