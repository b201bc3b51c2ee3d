import * as React from 'react'

import { ShellSkeleton } from '@/components/layouts/app-shell/shell-skeleton'
import { redirectToLogin } from '@/lib/login-redirect'

export type LoginRedirectProps = {
  /** The page to come back to after signing in (path and query). */
  from: string
}

/** A protected screen visited while signed out: the Unauthorized toast, then sign-in after 500 ms. */
export function LoginRedirect({ from }: LoginRedirectProps) {
  React.useEffect(() => {
    redirectToLogin(from)
  }, [from])
  return <ShellSkeleton />
}
