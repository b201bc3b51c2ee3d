import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

import type { LandingFeature } from '../content'

export type FeatureCardProps = {
  feature: LandingFeature
}

export function FeatureCard({ feature }: FeatureCardProps) {
  const Icon = feature.icon
  return (
    <Card className="h-full gap-0 transition-shadow hover:shadow-md">
      <CardHeader className="gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary/12 text-primary">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle className="mt-2 text-lg">{feature.title}</CardTitle>
        <CardDescription className="text-base leading-relaxed">{feature.description}</CardDescription>
      </CardHeader>
    </Card>
  )
}
