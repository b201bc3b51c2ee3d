import { landingFeatures, landingText } from '../content'
import { FeatureCard } from './feature-card'

export function FeatureGrid() {
  const { features } = landingText
  return (
    <section aria-labelledby="landing-features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="landing-features-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {features.title}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">{features.description}</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Features">
        {landingFeatures.map((feature) => (
          <li key={feature.title}>
            <FeatureCard feature={feature} />
          </li>
        ))}
      </ul>
    </section>
  )
}
