import { LifeBuoy, Phone } from 'lucide-react'
import { Link } from 'wouter'

import { routes } from '@/config/routes'

import { landingText } from '../content'

export function LandingFooter() {
  const { crisis, footer } = landingText
  return (
    <footer className="border-t bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <section
          aria-labelledby="landing-crisis-title"
          className="flex flex-col gap-4 rounded-2xl border border-accent-foreground/15 bg-accent p-6 text-accent-foreground sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="landing-crisis-title" className="text-lg font-semibold">
              {crisis.title}
            </h2>
            <p className="mt-1">{crisis.description}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <a
              href="tel:988"
              className="inline-flex h-10 items-center gap-2 rounded-full bg-accent-foreground px-4 text-sm font-semibold text-accent outline-none hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <Phone aria-hidden="true" className="size-4" />
              {crisis.callLabel}
            </a>
            <Link
              href={routes.crisis.path}
              className="inline-flex h-10 items-center gap-2 rounded-full border border-accent-foreground/30 px-4 text-sm font-semibold outline-none hover:bg-accent-foreground/10 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <LifeBuoy aria-hidden="true" className="size-4" />
              {crisis.resourcesLabel}
            </Link>
          </div>
        </section>
        <p className="mt-8 text-center text-sm text-muted-foreground">{footer}</p>
      </div>
    </footer>
  )
}
