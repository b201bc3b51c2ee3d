import type * as React from 'react'

import { AppShell } from '@/components/layouts/app-shell/app-shell'
import type { User } from '@/features/auth/types'
import { useUnauthorizedRedirect } from '@/hooks/use-unauthorized-redirect'

export type SignedInLayoutProps = {
  user: User
  children: React.ReactNode
}

/** Every signed-in screen: the navigation shell, and the one place that reacts to a lost session. */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  useUnauthorizedRedirect()
  return <AppShell user={user}>{children}</AppShell>
}
