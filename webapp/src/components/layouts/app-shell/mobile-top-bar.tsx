import { Menu } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { BrandMark } from '@/components/brand-mark'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { routes } from '@/config/routes'

import { shellText } from './content'
import { userInitials, type ShellUser } from './shell-user'
import { SidebarContent } from './sidebar-content'
import { UserAvatar } from './user-avatar'

export type MobileTopBarProps = {
  user: ShellUser | null | undefined
  /** Shown before the theme toggle (the SOS button). */
  actions?: React.ReactNode
}

/** The phone's top bar: the menu button that slides the sidebar in, the brand, the theme and the account. */
export function MobileTopBar({ user, actions }: MobileTopBarProps) {
  const [open, setOpen] = React.useState(false)
  const close = React.useCallback(() => setOpen(false), [])

  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-2 sm:px-4 lg:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={shellText.openMenu} title={shellText.openMenu}>
            <Menu aria-hidden="true" className="size-5" />
          </Button>
        </SheetTrigger>
        <SheetContent side="left" closeLabel={shellText.closeMenu} aria-describedby={undefined}>
          <SheetTitle className="sr-only">{shellText.menuTitle}</SheetTitle>
          <SidebarContent user={user} variant="sheet" onNavigate={close} />
        </SheetContent>
      </Sheet>
      <Link
        href={routes.home.path}
        aria-label={shellText.home}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <BrandMark className="text-base [&>span]:size-8" />
      </Link>
      <div className="ml-auto flex items-center gap-1">
        {actions}
        <ThemeToggle />
        <Link
          href={routes.settings.path}
          // The name starts with the initials shown, so speech users can say what they see (WCAG 2.5.3).
          aria-label={`${userInitials(user)}, ${shellText.account}`}
          title={shellText.account}
          className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <UserAvatar user={user} className="size-9" />
        </Link>
      </div>
    </header>
  )
}
