import { Phone } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { useSponsor } from '../api/get-sponsor'
import { sponsorText } from '../content'
import { AddSponsorButton } from './add-sponsor-button'

export type SponsorActionProps = {
  size?: 'default' | 'sm'
  className?: string
}

/**
 * "Call Sam, my sponsor", dialling the person marked sponsor in the crisis
 * contacts; without one, "Add my sponsor". Nothing while it loads or if it
 * cannot be read: a hotline is never shown under a sponsor's name.
 */
export function SponsorAction({ size, className }: SponsorActionProps) {
  const sponsor = useSponsor()
  if (!sponsor.isSuccess) return null
  if (!sponsor.data) return <AddSponsorButton size={size} className={className} />
  return (
    <Button asChild variant="outline" size={size} className={cn('rounded-full', className)}>
      <a href={sponsor.data.href}>
        <Phone aria-hidden="true" />
        {sponsorText.call(sponsor.data.name)}
      </a>
    </Button>
  )
}
