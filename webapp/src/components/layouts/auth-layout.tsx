import { LifeBuoy } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'wouter'

import { BrandMark } from '@/components/brand-mark'
import { SkipLink } from '@/components/skip-link'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { routes } from '@/config/routes'

import { authLayoutText } from './content'

export type AuthLayoutProps = {
  /** The document title. */
  pageTitle: string
  title: string
  description: string
  children: React.ReactNode
}

/** The calm, centred frame of the sign-in and registration screens, with the same crisis link as the landing page. */
export function AuthLayout({ pageTitle, title, description, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-hero-from via-background to-hero-to">
      <title>{pageTitle}</title>
      <SkipLink targetId="main-content">{authLayoutText.skipLink}</SkipLink>
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href={routes.home.path}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          aria-label={authLayoutText.home}
        >
          <BrandMark />
        </Link>
        <nav aria-label="Quick help" className="flex items-center gap-1 sm:gap-2">
          <Link
            href={routes.crisis.path}
            className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-accent-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <LifeBuoy aria-hidden="true" className="size-4" />
            {authLayoutText.crisis}
          </Link>
          <ThemeToggle />
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-8 outline-none sm:items-center sm:py-12">
        <div className="w-full max-w-md rounded-2xl border bg-card/95 p-6 text-card-foreground shadow-xl sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-2 text-muted-foreground">{description}</p>
          <div className="mt-7">{children}</div>
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-muted-foreground">{authLayoutText.footer}</footer>
    </div>
  )
}
