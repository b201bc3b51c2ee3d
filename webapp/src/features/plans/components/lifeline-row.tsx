import { Phone } from 'lucide-react'

import { Badge } from '@/components/ui/badge'

import { LIFELINE_988, safetyPlanText } from '../content'

/** The 988 line, fixed at the top of step 5 in every plan. */
export function LifelineRow() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/25 bg-primary/5 px-3.5 py-2.5">
      <div className="grid gap-1">
        <p className="font-medium">{LIFELINE_988.name}</p>
        <Badge variant="muted">{safetyPlanText.lifelineFixed}</Badge>
      </div>
      <a
        href="tel:988"
        className="inline-flex h-10 items-center gap-2 rounded-full bg-primary px-4 font-semibold text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <Phone aria-hidden="true" className="size-4" />
        <span className="sr-only">Call</span> {LIFELINE_988.phone}
      </a>
    </div>
  )
}
