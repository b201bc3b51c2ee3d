import { CalendarCheck, LifeBuoy, LogOut, Settings } from 'lucide-react'
import * as React from 'react'
import { Link, useLocation } from 'wouter'

import { BrandMark } from '@/components/brand-mark'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { routes, serverPaths } from '@/config/routes'
import { cn } from '@/lib/utils'

import { careNavItems, navItems, progressNavItems, shellText, type NavItem } from './content'
import { displayFirstName, isNavItemActive, type ShellUser } from './shell-user'
import { UserAvatar } from './user-avatar'

export type SidebarContentProps = {
  user: ShellUser | null | undefined
  /** `sheet` leaves out the theme toggle (the mobile top bar has it, and the close button sits there). */
  variant: 'sidebar' | 'sheet'
  /** Called after a link is followed, so the mobile menu can close. */
  onNavigate?: () => void
}

const focusRing = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring'

/** The desktop sidebar's content, also shown in the mobile slide-out menu. */
export function SidebarContent({ user, variant, onNavigate }: SidebarContentProps) {
  const [location] = useLocation()
  const quickActionsId = React.useId()
  const settingsActive = isNavItemActive(routes.settings.path, location)

  const itemClass = (active: boolean) =>
    cn(
      'flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
      active && 'bg-primary/12 font-semibold text-primary hover:bg-primary/15 hover:text-primary',
      focusRing,
    )

  return (
    <div data-slot="sidebar" className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b px-4">
        <Link href={routes.home.path} aria-label={shellText.home} onClick={onNavigate} className={cn('rounded-md', focusRing)}>
          <BrandMark className="text-base [&>span]:size-8" />
        </Link>
        {variant === 'sidebar' && <ThemeToggle />}
      </div>

      {/* Only this part scrolls on a short screen: the quick actions below stay in sight. */}
      <div className="flex-1 overflow-y-auto px-3 py-3">
        <div className="flex items-center gap-3 rounded-xl bg-primary/8 px-3 py-2.5 dark:bg-primary/12">
          <UserAvatar user={user} />
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="user-first-name">
              {displayFirstName(user)}
            </p>
            <p className="text-sm text-muted-foreground">{shellText.encouragement}</p>
          </div>
        </div>

        <nav aria-label={shellText.mainNav} className="mt-3">
          <NavList items={navItems} location={location} itemClass={itemClass} onNavigate={onNavigate} />
        </nav>
        <nav aria-label={shellText.progressNav} className="mt-3 border-t pt-3">
          <NavList items={progressNavItems} location={location} itemClass={itemClass} onNavigate={onNavigate} />
        </nav>
        <nav aria-label={shellText.careNav} className="mt-3 border-t pt-3">
          <NavList items={careNavItems} location={location} itemClass={itemClass} onNavigate={onNavigate} />
        </nav>
      </div>

      <div className="shrink-0 border-t px-3 pt-3 pb-2">
        <section aria-labelledby={quickActionsId}>
          <h2 id={quickActionsId} className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {shellText.quickActions}
          </h2>
          <div className="mt-2 grid gap-2">
            <Link
              href={routes.checkin.path}
              onClick={onNavigate}
              className={cn(
                'flex h-9 items-center gap-2.5 rounded-lg bg-primary px-3 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary/90',
                focusRing,
                'focus-visible:ring-offset-2 focus-visible:ring-offset-background',
              )}
            >
              <CalendarCheck aria-hidden="true" className="size-4" />
              {shellText.quickCheckin}
            </Link>
            <Link
              href={routes.crisis.path}
              onClick={onNavigate}
              className={cn(
                'flex h-9 items-center gap-2.5 rounded-lg border border-accent-foreground/15 bg-accent px-3 text-sm font-semibold text-accent-foreground hover:bg-accent/80',
                focusRing,
              )}
            >
              <LifeBuoy aria-hidden="true" className="size-4" />
              {shellText.needHelpNow}
            </Link>
          </div>
        </section>

        <div className="mt-3 grid grid-cols-2 gap-1 border-t pt-2">
          <Link
            href={routes.settings.path}
            onClick={onNavigate}
            aria-current={settingsActive ? 'page' : undefined}
            className={itemClass(settingsActive)}
          >
            <Settings aria-hidden="true" className="size-[1.125rem] shrink-0" />
            {shellText.settings}
          </Link>
          {/* A real link: signing out is a full navigation, the server ends the session and sends the browser to /. */}
          <a href={serverPaths.logout} className={itemClass(false)}>
            <LogOut aria-hidden="true" className="size-[1.125rem] shrink-0" />
            {shellText.signOut}
          </a>
        </div>
      </div>
    </div>
  )
}

type NavListProps = {
  items: readonly NavItem[]
  location: string
  itemClass: (active: boolean) => string
  onNavigate?: () => void
}

function NavList({ items, location, itemClass, onNavigate }: NavListProps) {
  return (
    <ul className="grid gap-0.5">
      {items.map((item) => {
        const active = isNavItemActive(item.path, location)
        const Icon = item.icon
        return (
          <li key={item.path}>
            <Link href={item.path} onClick={onNavigate} aria-current={active ? 'page' : undefined} className={itemClass(active)}>
              <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
              {item.label}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
