import { Hand, HandHelping, Undo2 } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Textarea } from '@/components/ui/textarea'
import { readApiError } from '@/lib/api-client'

import { useClaimStep } from '../api/claim-step'
import { careText } from '../content'
import type { PersonAlert } from '../types'

const text = careText.claim

export type ClaimActionsProps = {
  alert: PersonAlert
  /** The person's name, as the supporter knows them. */
  name: string
}

/**
 * Under an alert told to me: "I'm on it"; once mine, "You're on it" with
 * Hand back and Resolve…; someone else's, who is on it.
 */
export function ClaimActions({ alert, name }: ClaimActionsProps) {
  const step = useClaimStep()
  const [resolving, setResolving] = React.useState(false)
  const error = step.isError ? (readApiError(step.error)?.message ?? text.failed) : null
  const claim = alert.claim

  if (claim && !claim.mine) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium" role="status" data-testid="claim-state">
        <HandHelping aria-hidden="true" className="size-4" />
        {text.someoneElse(claim.by)}
      </p>
    )
  }
  if (claim?.mine) {
    return (
      <div className="grid gap-2" data-testid="claim-state">
        <p className="flex items-center gap-2 font-semibold" role="status">
          <HandHelping aria-hidden="true" className="size-4" />
          {text.yours}
        </p>
        <p className="text-sm">{text.yoursHint(name)}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setResolving(true)}>
            {text.resolve}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={step.isPending}
            onClick={() => step.mutate({ alertId: alert.id, step: 'hand-back' })}
          >
            <Undo2 aria-hidden="true" />
            {step.isPending ? text.handingBack : text.handBack}
          </Button>
        </div>
        {error && <FormMessage>{error}</FormMessage>}
        <ResolveDialog alertId={alert.id} name={name} open={resolving} onOpenChange={setResolving} />
      </div>
    )
  }
  return (
    <div className="grid gap-2">
      <div>
        <Button
          size="sm"
          aria-label={text.onItLabel(alert.title)}
          disabled={step.isPending}
          onClick={() => step.mutate({ alertId: alert.id, step: 'claim' })}
        >
          <Hand aria-hidden="true" />
          {step.isPending ? text.claiming : text.onIt}
        </Button>
      </div>
      {error && <FormMessage>{error}</FormMessage>}
    </div>
  )
}

type ResolveDialogProps = { alertId: number; name: string; open: boolean; onOpenChange: (open: boolean) => void }

/** "Resolve…": the note the wearer will read, 1 to 500 characters. */
function ResolveDialog({ alertId, name, open, onOpenChange }: ResolveDialogProps) {
  const step = useClaimStep()
  const [note, setNote] = React.useState('')
  const [fieldError, setFieldError] = React.useState<string | undefined>()
  const [formError, setFormError] = React.useState<string | null>(null)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setFormError(null)
    if (!note.trim()) {
      setFieldError(text.noteRequired)
      return
    }
    setFieldError(undefined)
    step.mutate(
      { alertId, step: 'resolve', note: note.trim() },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const details = readApiError(error)
          setFieldError(details?.fields?.note)
          setFormError(details?.message ?? text.failed)
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={text.cancel}>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
          <DialogHeader>
            <DialogTitle>{text.resolveTitle}</DialogTitle>
            <DialogDescription>{text.resolveDescription(name)}</DialogDescription>
          </DialogHeader>
          <FormField label={text.note} hint={text.noteHint} error={fieldError}>
            {(control) => <Textarea {...control} value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} />}
          </FormField>
          {formError && <FormMessage>{formError}</FormMessage>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={step.isPending}>
              {step.isPending ? text.resolving : text.resolveSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
