import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useUpdateSymptom } from '../api/update-symptom'
import { editText as text, symptomToasts } from '../content'
import type { SymptomInput, SymptomLog } from '../types'
import { formatLoggedAt } from '../utils/format'
import { symptomLogToForm } from '../utils/symptom-form'
import { SymptomForm, type SymptomFormHandle } from './symptom-form'

export type EditSymptomDialogProps = {
  /** The log being edited; none while closed. */
  log: SymptomLog | null
  onClose: () => void
  timeZone?: string
}

/**
 * Edits a log with the same fields as 'Log New Symptoms'. Closing the dialog
 * unmounts the form, so it always opens with the log's stored values.
 */
export function EditSymptomDialog({ log, onClose, timeZone }: EditSymptomDialogProps) {
  const update = useUpdateSymptom()

  const onSubmit = (input: SymptomInput, form: SymptomFormHandle) => {
    if (!log) return
    update.mutate(
      { id: log.id, input },
      {
        onSuccess: () => {
          toast(symptomToasts.updated)
          onClose()
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return
          form.showError(error)
          toast({ ...symptomToasts.updateFailed, variant: 'destructive' })
        },
      },
    )
  }

  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={text.cancel} className="sm:max-w-xl">
        {log && (
          <>
            <DialogHeader>
              <DialogTitle>{text.title}</DialogTitle>
              <DialogDescription>{text.description(formatLoggedAt(log.date, timeZone))}</DialogDescription>
            </DialogHeader>
            <SymptomForm
              label={text.title}
              initialValues={symptomLogToForm(log)}
              submitLabel={text.save}
              pendingLabel={text.saving}
              pending={update.isPending}
              onSubmit={onSubmit}
              secondaryAction={
                <DialogClose asChild>
                  <Button type="button" variant="outline" size="lg" className="rounded-full">
                    {text.cancel}
                  </Button>
                </DialogClose>
              }
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
