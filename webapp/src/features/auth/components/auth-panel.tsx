import { routes } from '@/config/routes'
import { withNext } from '@/lib/next-path'

import { useAuthConfig } from '../api/get-auth-config'
import { authText } from '../content'
import { AuthLink } from './auth-link'
import { LoginForm } from './login-form'
import { OidcSignIn } from './oidc-sign-in'
import { RegisterForm } from './register-form'

export type AuthPanelProps = {
  mode: 'login' | 'register'
  /** Where to go after signing in; already checked to be a local path. */
  next: string
}

/**
 * The body of the sign-in and registration cards: the single sign-on button
 * when the server offers one, the email form unless local accounts are off,
 * and the link to the other screen (keeping `next`).
 */
export function AuthPanel({ mode, next }: AuthPanelProps) {
  const { config } = useAuthConfig()
  const text = mode === 'login' ? authText.login : authText.register
  const other = mode === 'login' ? routes.register.path : routes.login.path

  return (
    <div className="grid gap-6">
      {config.oidc && <OidcSignIn providerName={config.oidc.name} next={next} />}
      {config.oidc && config.localAccounts && (
        <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
          <span className="h-px flex-1 bg-border" />
          {authText.oidc.divider}
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      {config.localAccounts && (mode === 'login' ? <LoginForm /> : <RegisterForm />)}
      {!config.localAccounts && !config.oidc && <p className="text-sm text-muted-foreground">{authText.unavailable}</p>}
      {config.localAccounts && (
        <p className="text-center text-sm text-muted-foreground">
          {text.switchPrompt}{' '}
          <AuthLink href={withNext(other, next)}>{text.switchLink}</AuthLink>
        </p>
      )}
    </div>
  )
}
