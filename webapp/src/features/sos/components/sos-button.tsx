import { Siren } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { sosText } from '../content'
import { useSosFlow } from '../hooks/use-sos-flow'
import { SosDialog } from './sos-dialog'

export type SosButtonProps = {
  /** `bar`: compact, for the shell's top bar (the short label on the narrowest phones). `card`: the crisis page's card. */
  variant?: 'bar' | 'card'
  className?: string
}

/** "Alert my people now": one confirmation, then the result. */
export function SosButton({ variant = 'bar', className }: SosButtonProps) {
  const flow = useSosFlow()
  const opener = React.useRef<HTMLButtonElement>(null)
  const dialog = <SosDialog returnFocus={opener} phase={flow.phase} sending={flow.sending} onConfirm={flow.confirm} onClose={flow.close} />
  if (variant === 'card') {
    return (
      <section aria-labelledby="sos-card-title" className={cn('grid gap-3 rounded-xl border border-red-500/30 bg-card p-5 shadow-sm', className)}>
        <div>
          <h2 id="sos-card-title" className="text-lg font-semibold">
            {sosText.crisisTitle}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{sosText.crisisDescription}</p>
        </div>
        <div>
          <Button variant="destructive" size="lg" ref={opener} onClick={flow.open} data-testid="sos-button">
            <Siren aria-hidden="true" />
            {sosText.button}
          </Button>
        </div>
        {dialog}
      </section>
    )
  }
  return (
    <>
      <Button
        variant="destructive"
        size="sm"
        className={cn('rounded-full', className)}
        ref={opener}
        onClick={flow.open}
        // Both words shown (SOS on the narrowest phones) are in the name (WCAG 2.5.3).
        aria-label={`${sosText.shortButton}, ${sosText.button}`}
        title={sosText.button}
        data-testid="sos-button"
      >
        <Siren aria-hidden="true" />
        <span className="hidden sm:inline">{sosText.button}</span>
        <span aria-hidden="true" className="sm:hidden">
          {sosText.shortButton}
        </span>
      </Button>
      {dialog}
    </>
  )
}
