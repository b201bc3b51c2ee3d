import { zodResolver } from '@hookform/resolvers/zod'
import { Info } from 'lucide-react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'
import { applyServerError } from '@/lib/form-errors'

import { passwordInputSchema, useChangePassword, type PasswordFormInput } from '../api/change-password'
import { settingsText } from '../content'
import { SettingsSection } from './settings-section'

export type PasswordFormProps = {
  hasPassword: boolean
}

export function PasswordForm({ hasPassword }: PasswordFormProps) {
  const text = settingsText.password
  const mutation = useChangePassword()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordFormInput>({
    resolver: zodResolver(passwordInputSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset()
          toast(settingsText.toasts.passwordChanged)
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return
          const message = applyServerError(error, setError, ['currentPassword', 'newPassword'])
          if (message !== null) toast({ ...settingsText.toasts.passwordFailed, variant: 'destructive' })
        },
      },
    )
  })

  if (!hasPassword) {
    return (
      <SettingsSection id="password" title={text.title} description={text.noPassword}>
        {null}
      </SettingsSection>
    )
  }

  return (
    <SettingsSection id="password" title={text.title} description={text.description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={text.title}>
        <p className="flex items-start gap-2.5 rounded-lg bg-accent px-3.5 py-3 text-sm text-accent-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {text.note}
        </p>
        <FormField label={text.current} error={errors.currentPassword?.message}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('currentPassword')} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={text.new} error={errors.newPassword?.message} hint={text.newHint}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('newPassword')} />}
          </FormField>
          <FormField label={text.confirm} error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('confirmPassword')} />}
          </FormField>
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending} className="rounded-full">
            {mutation.isPending ? text.pending : text.submit}
          </Button>
        </div>
      </form>
    </SettingsSection>
  )
}
