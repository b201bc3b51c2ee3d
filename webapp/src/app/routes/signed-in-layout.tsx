import type * as React from 'react'

import { useLiveEvents } from '@/app/live/use-live-events'
import { AppShell } from '@/components/layouts/app-shell/app-shell'
import type { User } from '@/features/auth/types'
import { SosButton } from '@/features/sos/components/sos-button'
import { useUnauthorizedRedirect } from '@/hooks/use-unauthorized-redirect'

export type SignedInLayoutProps = {
  user: User
  children: React.ReactNode
}

/**
 * Every signed-in screen: the navigation shell, the one place that reacts to
 * a lost session, and the one live-updates stream.
 */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  useUnauthorizedRedirect()
  useLiveEvents()
  return (
    <AppShell user={user} actions={<SosButton />}>
      {children}
    </AppShell>
  )
}
