import * as React from 'react'

import { CopyField } from '@/components/copy-field'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { readApiError } from '@/lib/api-client'

import { useInviteSupporter } from '../api/invite-supporter'
import { careText } from '../content'
import type { Invitation } from '../types'

export type InviteDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * "Invite a supporter": how the wearer knows them and an optional email in,
 * the one-time link out. The link lives only in this dialog's state.
 */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={careText.inviteDialog.cancel}>
        {open && <InviteFlow onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function InviteFlow({ onDone }: { onDone: () => void }) {
  const text = careText.inviteDialog
  const [label, setLabel] = React.useState('')
  const [email, setEmail] = React.useState('')
  const [fieldErrors, setFieldErrors] = React.useState<Record<string, string>>({})
  const [formError, setFormError] = React.useState<string | null>(null)
  const [invitation, setInvitation] = React.useState<Invitation | null>(null)
  const invite = useInviteSupporter()

  if (invitation) {
    return (
      <div className="grid grid-cols-1 gap-4" data-testid="invitation">
        <DialogHeader>
          <DialogTitle>{text.doneTitle}</DialogTitle>
          <DialogDescription>{text.doneDescription}</DialogDescription>
        </DialogHeader>
        <CopyField display="input" label={text.link} texts={text.copyField} testId="invite-url" value={absoluteUrl(invitation.inviteUrl)} />
        <p className="text-sm text-muted-foreground">{text.onceOnly}</p>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            {text.done}
          </Button>
        </DialogFooter>
      </div>
    )
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setFormError(null)
    if (!label.trim()) {
      setFieldErrors({ label: text.labelRequired })
      return
    }
    setFieldErrors({})
    invite.mutate(
      { label: label.trim(), email: email.trim() },
      {
        onSuccess: setInvitation,
        onError: (error) => {
          const details = readApiError(error)
          if (details?.fields) setFieldErrors(details.fields)
          setFormError(details?.message ?? text.failed)
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <FormField label={text.label} hint={text.labelHint} error={fieldErrors.label}>
        {(control) => (
          <Input {...control} value={label} maxLength={80} autoComplete="off" onChange={(e) => setLabel(e.target.value)} />
        )}
      </FormField>
      <FormField label={text.email} hint={text.emailHint} error={fieldErrors.email}>
        {(control) => (
          <Input {...control} type="email" value={email} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        )}
      </FormField>
      {formError && <FormMessage>{formError}</FormMessage>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? text.submitting : text.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** The server names the page by path when it has no public URL configured: the link to send must be whole. */
function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href
}

