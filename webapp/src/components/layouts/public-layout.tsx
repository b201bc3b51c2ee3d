import { LogIn } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'wouter'

import { BrandMark } from '@/components/brand-mark'
import { SkipLink } from '@/components/skip-link'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { routes } from '@/config/routes'

import { publicLayoutText } from './content'

export type PublicLayoutProps = {
  children: React.ReactNode
}

/** The frame of a public screen (the crisis page) for signed-out visitors. */
export function PublicLayout({ children }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-shell">
      <SkipLink targetId="main-content">{publicLayoutText.skipLink}</SkipLink>
      <header className="sticky top-0 z-40 border-b border-border/60 bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            href={routes.home.path}
            aria-label={publicLayoutText.home}
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <BrandMark />
          </Link>
          <div className="flex items-center gap-1 sm:gap-2">
            <Link
              href={routes.login.path}
              className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <LogIn aria-hidden="true" className="size-4" />
              {publicLayoutText.signIn}
            </Link>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>
      </main>
    </div>
  )
}
