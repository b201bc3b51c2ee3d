import type * as React from 'react'

import { useLiveEvents } from '@/app/live/use-live-events'
import { AppShell } from '@/components/layouts/app-shell/app-shell'
import type { User } from '@/features/auth/types'
import { SosButton } from '@/features/sos/components/sos-button'
import { AdvancedContext } from '@/hooks/use-advanced'
import { useUnauthorizedRedirect } from '@/hooks/use-unauthorized-redirect'

import { SosNotice } from './sos-notice'

export type SignedInLayoutProps = {
  user: User
  children: React.ReactNode
}

/**
 * Every signed-in screen: the navigation shell, the one place that reacts to
 * a lost session, the one live-updates stream, the open SOS's banner, and
 * the account's "Advanced" switch for every screen below (`useAdvanced`).
 */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  useUnauthorizedRedirect()
  useLiveEvents()
  return (
    <AdvancedContext.Provider value={user.advanced}>
      <AppShell user={user} actions={<SosButton />} notice={<SosNotice />}>
        {children}
      </AppShell>
    </AdvancedContext.Provider>
  )
}
