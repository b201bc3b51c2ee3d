import { ArrowRight } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { serverPaths } from '@/config/routes'

import { landingText } from '../content'
import { CheckInPreview } from './check-in-preview'

export function LandingHero() {
  const { hero } = landingText
  return (
    <section
      aria-labelledby="landing-hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-hero-from via-background to-hero-to"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center rounded-full border border-primary/25 bg-background/70 px-3 py-1 text-sm font-medium text-primary">
            {hero.eyebrow}
          </p>
          <h1
            id="landing-hero-title"
            className="mt-6 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl sm:leading-[1.1]"
          >
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            {hero.description}
          </p>
          <div className="mt-9 flex justify-center lg:justify-start">
            {/* A real link: signing in is a full browser navigation to the server. */}
            <Button asChild size="lg" className="w-full rounded-full sm:w-auto">
              <a href={serverPaths.login}>
                {hero.cta}
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
        <CheckInPreview />
      </div>
    </section>
  )
}
