import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { PasswordInput } from '@/components/ui/password-input'
import { routes } from '@/config/routes'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'
import { applyServerError } from '@/lib/form-errors'
import { cn } from '@/lib/utils'

import { newPasswordInputSchema, useConfirmPasswordReset, type NewPasswordInput } from '../api/confirm-password-reset'
import { authText } from '../content'
import { BackToSignIn } from './auth-link'

const text = authText.reset

export type ResetPasswordFormProps = {
  /** The link's token (from `#token=…`), null when the page was opened without one. */
  token: string | null
}

/**
 * `/reset-password#token=…`: a new password, twice, with registration's
 * hint. The server signs the account out everywhere and this browser in;
 * then the dashboard opens. A link that no longer works says so and offers
 * a new one.
 */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const mutation = useConfirmPasswordReset()
  const [, navigate] = useLocation()
  const [formError, setFormError] = React.useState<string | null>(null)
  const [linkDead, setLinkDead] = React.useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordInputSchema),
    defaultValues: { password: '', repeat: '' },
  })

  if (token === null) {
    return (
      <div className="grid gap-6">
        <p role="alert">{text.noToken}</p>
        <AskAgain />
      </div>
    )
  }

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null)
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast(text.saved)
          navigate(routes.home.path, { replace: true })
        },
        onError: (error) => {
          setLinkDead(readApiError(error)?.status === 404)
          setFormError(applyServerError(error, setError, ['password']))
        },
      },
    )
  })

  // The link is spent: nothing to type any more, only the way to a new one.
  if (linkDead) {
    return (
      <div className="grid gap-6">
        <FormMessage>{formError}</FormMessage>
        <AskAgain />
        <BackToSignIn />
      </div>
    )
  }
  const pending = mutation.isPending
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={text.title}>
      <FormMessage>{formError}</FormMessage>
      <FormField label={text.newPassword} error={errors.password?.message} hint={authText.fields.passwordHint}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label={text.repeatPassword} error={errors.repeat?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('repeat')} />}
      </FormField>
      <Button type="submit" size="lg" className="mt-1 w-full rounded-full" disabled={pending}>
        {pending ? text.pending : text.submit}
      </Button>
      <BackToSignIn />
    </form>
  )
}

function AskAgain() {
  return (
    <Link href={routes.forgotPassword.path} className={cn(buttonVariants({ size: 'lg' }), 'w-full rounded-full')}>
      {text.askAgain}
    </Link>
  )
}
