import * as React from 'react'

import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useCreateContact } from '../api/create-contact'
import { useUpdateContact } from '../api/update-contact'
import {
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  contactDialogText as text,
  contactToasts,
  relationshipOptions,
} from '../content'
import type { CrisisContact } from '../types'
import {
  contactToForm,
  emptyContactForm,
  toContactInput,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from '../utils/contact-form'

export type ContactDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The contact being edited; none to add a new one. */
  contact?: CrisisContact | null
  /** What a new contact starts with ("Add my sponsor": the relationship sponsor). */
  preset?: Partial<ContactFormValues>
  /** Gets the focus back when the dialog closes (the button that opened it). */
  returnFocus?: React.RefObject<HTMLElement | null>
}

/**
 * docs/spec.md "Add Emergency Contact": name, phone, relationship and the
 * emergency switch. Closing the dialog (Cancel, Escape, or a successful save)
 * unmounts the form, so it opens empty next time.
 */
export function ContactDialog({ open, onOpenChange, contact = null, preset, returnFocus }: ContactDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={text.cancel}
        onCloseAutoFocus={(event) => {
          if (!returnFocus?.current) return
          event.preventDefault()
          returnFocus.current.focus()
        }}
      >
        {open && <ContactForm contact={contact} preset={preset} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

const serverFields: readonly (keyof ContactFormValues)[] = ['name', 'phone', 'relationship', 'isEmergency']

type ContactFormProps = {
  contact: CrisisContact | null
  preset?: Partial<ContactFormValues>
  onDone: () => void
}

function ContactForm({ contact, preset, onDone }: ContactFormProps) {
  const [values, setValues] = React.useState<ContactFormValues>(() =>
    contact ? contactToForm(contact) : { ...emptyContactForm, ...preset },
  )
  const [errors, setErrors] = React.useState<ContactFormErrors>({})
  const [formError, setFormError] = React.useState<string | null>(null)
  const nameRef = React.useRef<HTMLInputElement>(null)
  const phoneRef = React.useRef<HTMLInputElement>(null)
  const switchId = React.useId()
  const hintId = React.useId()
  const create = useCreateContact()
  const update = useUpdateContact()
  const pending = create.isPending || update.isPending
  const failedToast = contact ? contactToasts.updateFailed : contactToasts.addFailed

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }))
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }))
  }

  const focusFirst = (found: ContactFormErrors) => {
    if (found.name) nameRef.current?.focus()
    else if (found.phone) phoneRef.current?.focus()
  }

  const onError = (error: unknown) => {
    if (isUnauthorizedError(error)) return
    const details = readApiError(error)
    if (details?.status === 400) {
      const placed: ContactFormErrors = {}
      for (const [field, message] of Object.entries(details.fields ?? {})) {
        const key = serverFields.find((f) => f === field)
        if (key) placed[key] = message
      }
      if (Object.keys(placed).length > 0) {
        setErrors(placed)
        focusFirst(placed)
        return
      }
      if (details.message) setFormError(details.message)
    }
    toast({ ...failedToast, variant: 'destructive' })
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (pending) return
    setFormError(null)
    const found = validateContactForm(values)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirst(found)
      return
    }
    const input = toContactInput(values)
    if (contact) {
      update.mutate(
        { id: contact.id, input },
        {
          onSuccess: () => {
            toast(contactToasts.updated)
            onDone()
          },
          onError,
        },
      )
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast(contactToasts.added)
          onDone()
        },
        onError,
      })
    }
  }

  const title = contact ? text.editTitle : text.addTitle
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={title}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <FormMessage>{formError}</FormMessage>

      <FormField label={text.name} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            ref={nameRef}
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={text.phone} error={errors.phone}>
        {(control) => (
          <Input
            {...control}
            ref={phoneRef}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={CONTACT_PHONE_MAX}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        )}
      </FormField>
      <FormField label={text.relationship} error={errors.relationship}>
        {(control) => (
          <NativeSelect {...control} value={values.relationship} onChange={(e) => set('relationship', e.target.value)}>
            <option value="">{text.relationshipPlaceholder}</option>
            {relationshipOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
        <div className="grid gap-1">
          <Label htmlFor={switchId}>{text.emergency}</Label>
          <p id={hintId} className="text-sm text-muted-foreground">
            {text.emergencyHint}
          </p>
        </div>
        <Switch
          id={switchId}
          aria-describedby={hintId}
          checked={values.isEmergency}
          onCheckedChange={(checked) => set('isEmergency', checked)}
        />
      </div>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" className="rounded-full">
            {text.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending} className="rounded-full">
          {pending ? text.saving : text.save}
        </Button>
      </DialogFooter>
    </form>
  )
}
