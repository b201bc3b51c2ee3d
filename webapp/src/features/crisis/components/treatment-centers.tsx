import { ExternalLink, MapPin, Navigation, Phone } from 'lucide-react'
import * as React from 'react'

import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button-variants'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

import { centersText as text, directionsUrl, treatmentCenters } from '../content'

/** docs/spec.md "Local Treatment Centers": two fixed sample centres, directions in a maps site, and the national locator. */
export function TreatmentCenters() {
  const headingId = React.useId()
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {text.title}
        </h2>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <ul className="grid gap-3 md:grid-cols-2" aria-labelledby={headingId}>
          {treatmentCenters.map((center) => (
            <li key={center.name} className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold">{center.name}</h3>
                <Badge variant="muted">{center.distance}</Badge>
              </div>
              <p className="flex items-start gap-2 text-sm">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                {center.address}
              </p>
              <p className="flex items-center gap-2 text-sm">
                <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                {center.phone}
              </p>
              <ul className="flex flex-wrap gap-1.5" aria-label={`${center.name} services`}>
                {center.services.map((service) => (
                  <li key={service}>
                    <Badge variant="outline">{service}</Badge>
                  </li>
                ))}
              </ul>
              <a
                href={directionsUrl(center.address)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={text.directionsLabel(center.name)}
                className={cn(buttonVariants({ variant: 'outline' }), 'mt-auto w-fit rounded-full')}
              >
                <Navigation aria-hidden="true" />
                {text.directions}
              </a>
            </li>
          ))}
        </ul>
        <a
          href={text.findMoreUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-2 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {text.findMore}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{text.findMoreHint}</span>
        </a>
      </CardContent>
    </Card>
  )
}
