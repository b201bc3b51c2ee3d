import { SkipLink } from '@/components/skip-link'
import { ClosingCta } from '@/features/landing/components/closing-cta'
import { FeatureGrid } from '@/features/landing/components/feature-grid'
import { LandingFooter } from '@/features/landing/components/landing-footer'
import { LandingHeader } from '@/features/landing/components/landing-header'
import { LandingHero } from '@/features/landing/components/landing-hero'
import { landingText } from '@/features/landing/content'

export function LandingRoute() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Lifeline · Your recovery companion</title>
      <SkipLink targetId="main-content">{landingText.skipLink}</SkipLink>
      <LandingHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <FeatureGrid />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  )
}
