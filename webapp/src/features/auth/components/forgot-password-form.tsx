import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { applyServerError } from '@/lib/form-errors'

import { useAuthConfig } from '../api/get-auth-config'
import { passwordResetInputSchema, useRequestPasswordReset, type PasswordResetInput } from '../api/request-password-reset'
import { authText } from '../content'
import { BackToSignIn } from './auth-link'

const text = authText.forgot

/**
 * `/forgot-password`: asks for a reset link. The answer is the same whether
 * or not the address has an account ("If … belongs to a Lifeline account"),
 * so the screen tells nobody who has one.
 */
export function ForgotPasswordForm() {
  const { config } = useAuthConfig()
  const mutation = useRequestPasswordReset()
  const [formError, setFormError] = React.useState<string | null>(null)
  const [sentTo, setSentTo] = React.useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInputSchema),
    defaultValues: { email: '' },
  })

  const send = (values: PasswordResetInput) => {
    setFormError(null)
    mutation.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => setFormError(applyServerError(error, setError, ['email'])),
    })
  }
  const onSubmit = handleSubmit(send)
  const pending = mutation.isPending

  if (!config.passwordReset) {
    return (
      <div className="grid gap-6">
        <p>{text.noEmail}</p>
        <BackToSignIn />
      </div>
    )
  }
  if (sentTo !== null) {
    return (
      <div className="grid gap-6">
        <div role="status" className="grid gap-2 rounded-lg bg-accent px-4 py-4 text-accent-foreground">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <MailCheck aria-hidden="true" className="size-5 shrink-0" />
            {text.sentTitle}
          </h2>
          <p className="break-words">{text.sent(sentTo)}</p>
          <p className="text-sm">{text.sentHint}</p>
        </div>
        <FormMessage>{formError}</FormMessage>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full rounded-full"
          disabled={pending}
          onClick={() => send({ email: getValues('email').trim() })}
        >
          {pending ? text.pending : text.again}
        </Button>
        <BackToSignIn />
      </div>
    )
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={text.title}>
      <FormMessage>{formError}</FormMessage>
      <FormField label={authText.fields.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />
        )}
      </FormField>
      {config.oidc && <p className="text-sm text-muted-foreground">{text.oidcHint(config.oidc.name)}</p>}
      <Button type="submit" size="lg" className="mt-1 w-full rounded-full" disabled={pending}>
        {pending ? text.pending : text.submit}
      </Button>
      <BackToSignIn />
    </form>
  )
}
