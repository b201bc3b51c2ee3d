import { zodResolver } from '@hookform/resolvers/zod'
import { Trash2 } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'
import { browser } from '@/lib/browser'
import { applyServerError } from '@/lib/form-errors'

import { useDeleteAccount, type DeleteAccountInput } from '../api/delete-account'
import { settingsText } from '../content'
import { SettingsSection } from './settings-section'

const text = settingsText.danger

const passwordSchema = z.object({ confirmation: z.string().min(1, settingsText.errors.passwordRequired) })
const typedSchema = z.object({
  confirmation: z.string().refine((v) => v.trim() === text.confirmWord, settingsText.errors.confirmDelete),
})
type ConfirmInput = { confirmation: string }

export type DeleteAccountProps = {
  /** Accounts with a password confirm with it; single-sign-on accounts type DELETE. */
  hasPassword: boolean
}

export function DeleteAccount({ hasPassword }: DeleteAccountProps) {
  const [open, setOpen] = React.useState(false)
  const [formError, setFormError] = React.useState<string | null>(null)
  const [leaving, setLeaving] = React.useState(false)
  const mutation = useDeleteAccount()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ConfirmInput>({
    resolver: zodResolver(hasPassword ? passwordSchema : typedSchema),
    defaultValues: { confirmation: '' },
  })

  const onOpenChange = (next: boolean) => {
    if (mutation.isPending || leaving) return
    setOpen(next)
    if (!next) {
      reset()
      setFormError(null)
    }
  }

  const onSubmit = handleSubmit(({ confirmation }) => {
    setFormError(null)
    const input: DeleteAccountInput = hasPassword ? { password: confirmation } : { confirm: 'DELETE' }
    mutation.mutate(input, {
      onSuccess: () => {
        // The session is gone: start afresh at the landing page.
        setLeaving(true)
        browser.navigate('/')
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        // The server names the confirmation `password` or `confirm`: both belong to the one input.
        const fields = readApiError(error)?.fields ?? {}
        const fieldMessage = fields.password ?? fields.confirm
        if (fieldMessage) {
          setError('confirmation', { type: 'server', message: fieldMessage }, { shouldFocus: true })
          return
        }
        setFormError(applyServerError(error, setError, []))
      },
    })
  })

  const busy = mutation.isPending || leaving
  return (
    <SettingsSection id="danger" title={text.title} description={text.description} tone="danger">
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="rounded-full">
            <Trash2 aria-hidden="true" />
            {text.open}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
            <AlertDialogHeader>
              <AlertDialogTitle>{text.dialogTitle}</AlertDialogTitle>
              <AlertDialogDescription>{text.dialogDescription}</AlertDialogDescription>
            </AlertDialogHeader>
            <FormMessage>{formError}</FormMessage>
            <FormField label={hasPassword ? text.password : text.confirm} error={errors.confirmation?.message}>
              {(control) =>
                hasPassword ? (
                  <PasswordInput {...control} autoComplete="current-password" {...register('confirmation')} />
                ) : (
                  <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('confirmation')} />
                )
              }
            </FormField>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>{text.cancel}</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? text.pending : text.submit}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </SettingsSection>
  )
}
