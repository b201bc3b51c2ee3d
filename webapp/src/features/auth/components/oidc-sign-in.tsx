import { KeyRound } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { serverPaths } from '@/config/routes'

import { authText } from '../content'

export type OidcSignInProps = {
  providerName: string
  next: string
}

/** "Sign in with {name}": a full navigation, the server runs the OpenID Connect flow and returns to `next`. */
export function OidcSignIn({ providerName, next }: OidcSignInProps) {
  return (
    <Button asChild size="lg" variant="outline" className="w-full rounded-full">
      <a href={`${serverPaths.oidcStart}?next=${encodeURIComponent(next)}`}>
        <KeyRound aria-hidden="true" />
        {authText.oidc.signIn(providerName)}
      </a>
    </Button>
  )
}
