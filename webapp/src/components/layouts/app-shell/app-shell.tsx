import type * as React from 'react'

import { SkipLink } from '@/components/skip-link'

import { BottomTabBar } from './bottom-tab-bar'
import { shellText } from './content'
import { MobileTopBar } from './mobile-top-bar'
import type { ShellUser } from './shell-user'
import { SidebarContent } from './sidebar-content'

export type AppShellProps = {
  user: ShellUser | null | undefined
  children: React.ReactNode
  /** Always within reach, in the top bar on phones and desktops ("Alert my people now", composed by the app). */
  actions?: React.ReactNode
  /** Held under the top bar on every screen while it says something (the open SOS, composed by the app). */
  notice?: React.ReactNode
}

/**
 * docs/spec.md "Navigation shell": a sidebar on wide screens; on phones a top bar
 * with a slide-out menu and a bottom tab bar. Screens render inside <main>.
 */
export function AppShell({ user, children, actions, notice }: AppShellProps) {
  return (
    <div className="min-h-dvh bg-shell">
      <SkipLink targetId="main-content">{shellText.skipLink}</SkipLink>
      {/* A landmark, so the logo, the user card and settings are not left outside every region. */}
      <aside aria-label={shellText.sidebar} className="fixed inset-y-0 left-0 z-30 hidden w-72 border-r bg-background lg:block">
        <SidebarContent user={user} variant="sidebar" />
      </aside>
      <MobileTopBar user={user} actions={actions} />
      {actions && (
        // The desktop's top bar (the phone's is MobileTopBar): a banner landmark, so its button is inside one.
        <header className="sticky top-0 z-20 hidden h-14 items-center justify-end gap-2 border-b bg-background/95 px-10 backdrop-blur lg:flex lg:pl-82">
          {actions}
        </header>
      )}
      <main id="main-content" tabIndex={-1} className="outline-none lg:pl-72">
        {notice && <div className="sticky top-14 z-10 empty:hidden">{notice}</div>}
        <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-28 sm:px-6 lg:px-10 lg:py-10">{children}</div>
      </main>
      <BottomTabBar />
    </div>
  )
}
