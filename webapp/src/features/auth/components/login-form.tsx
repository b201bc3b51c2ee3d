import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { routes } from '@/config/routes'
import { applyServerError } from '@/lib/form-errors'

import { loginInputSchema, useLogin, type LoginInput } from '../api/login'
import { authText } from '../content'
import { AuthLink } from './auth-link'

/**
 * Email and password sign-in. On success the user is stored in the cache and
 * the router moves on (to `next`); this form only reports problems.
 */
export function LoginForm() {
  const loginMutation = useLogin()
  const [formError, setFormError] = React.useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    loginMutation.mutate(values, {
      onError: (error) => setFormError(applyServerError(error, setError, ['email', 'password'])),
    })
  })

  const pending = loginMutation.isPending
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={authText.login.submit}>
      <FormMessage>{formError}</FormMessage>
      <FormField label={authText.fields.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />
        )}
      </FormField>
      <div className="grid gap-2">
        <FormField label={authText.fields.password} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('password')} />}
        </FormField>
        <p className="text-right text-sm">
          <AuthLink href={routes.forgotPassword.path}>{authText.login.forgotLink}</AuthLink>
        </p>
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full rounded-full" disabled={pending}>
        {pending ? authText.login.pending : authText.login.submit}
      </Button>
    </form>
  )
}
