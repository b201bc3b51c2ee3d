import { Phone } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { useSponsor } from '../api/get-sponsor'
import { sponsorText } from '../content'
import { AddSponsorButton } from './add-sponsor-button'

export type SponsorActionProps = {
  size?: 'default' | 'sm'
  className?: string
  /** The add button's words when there is no sponsor (default "Add my sponsor"). */
  addLabel?: string
  /** Offer to add one when who the sponsor is cannot be read (the server already said there was none). */
  addWhenUnknown?: boolean
}

/**
 * "Call Sam, my sponsor", dialling the person marked sponsor in the crisis
 * contacts; without one, "Add my sponsor". Nothing while it loads or if it
 * cannot be read: a hotline is never shown under a sponsor's name.
 */
export function SponsorAction({ size, className, addLabel, addWhenUnknown = false }: SponsorActionProps) {
  const sponsor = useSponsor()
  const call = React.useRef<HTMLAnchorElement>(null)
  const hadNone = React.useRef(false)
  const hasSponsor = sponsor.isSuccess && sponsor.data !== null
  React.useEffect(() => {
    if (!sponsor.isSuccess) return
    // Once the sponsor just added replaces the add button (and its dialog
    // handed the focus back to a button that is gone), the focus goes on
    // to calling them rather than to the top of the page.
    if (hasSponsor && hadNone.current && (document.activeElement === null || document.activeElement === document.body)) {
      call.current?.focus()
    }
    hadNone.current = !hasSponsor
  }, [sponsor.isSuccess, hasSponsor])
  const add = <AddSponsorButton label={addLabel} size={size} className={className} />
  if (!sponsor.isSuccess) return addWhenUnknown && sponsor.isError ? add : null
  if (!sponsor.data) return add
  return (
    <Button asChild variant="outline" size={size} className={cn('rounded-full', className)}>
      <a ref={call} href={sponsor.data.href}>
        <Phone aria-hidden="true" />
        {sponsorText.call(sponsor.data.name)}
      </a>
    </Button>
  )
}
