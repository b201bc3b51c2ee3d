import { LifeBuoy } from 'lucide-react'
import { Link } from 'wouter'

import { BrandMark } from '@/components/brand-mark'
import { ThemeToggle } from '@/components/theme/theme-toggle'
import { routes } from '@/config/routes'

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href={routes.home.path}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          aria-label="Lifeline home"
        >
          <BrandMark />
        </Link>
        <nav aria-label="Quick help" className="flex items-center gap-1 sm:gap-2">
          <Link
            href={routes.crisis.path}
            className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-accent-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <LifeBuoy aria-hidden="true" className="size-4" />
            Need help now?
          </Link>
          <ThemeToggle />
        </nav>
      </div>
    </header>
  )
}
