import { zodResolver } from '@hookform/resolvers/zod'
import { Globe } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { browser } from '@/lib/browser'
import { applyServerError } from '@/lib/form-errors'

import { registerInputSchema, useRegister, type RegisterFormInput } from '../api/register'
import { authText } from '../content'

/**
 * Creates a local account with the device's time zone. On success the new
 * user is signed in and the router moves on; this form only reports problems.
 */
export function RegisterForm() {
  const registerMutation = useRegister()
  const [formError, setFormError] = React.useState<string | null>(null)
  const [timezone] = React.useState(() => browser.timeZone())
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    registerMutation.mutate(
      { ...values, timezone },
      {
        onError: (error) =>
          setFormError(applyServerError(error, setError, ['firstName', 'lastName', 'email', 'password'])),
      },
    )
  })

  const { fields } = authText
  const pending = registerMutation.isPending
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={authText.register.submit}>
      <FormMessage>{formError}</FormMessage>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={fields.firstName} error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
        </FormField>
        <FormField
          label={
            <>
              {fields.lastName} <span className="font-normal text-muted-foreground">{fields.optional}</span>
            </>
          }
          error={errors.lastName?.message}
        >
          {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
        </FormField>
      </div>
      <FormField label={fields.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />
        )}
      </FormField>
      <FormField label={fields.password} error={errors.password?.message} hint={fields.passwordHint}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {authText.register.timeZoneNote(timezone)}
      </p>
      <Button type="submit" size="lg" className="w-full rounded-full" disabled={pending}>
        {pending ? authText.register.pending : authText.register.submit}
      </Button>
    </form>
  )
}
