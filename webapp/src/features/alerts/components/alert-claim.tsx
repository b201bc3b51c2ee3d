import { HandHelping, MessageSquareHeart } from 'lucide-react'

import { claimText } from '../content'
import type { Alert } from '../types'

export type AlertClaimProps = {
  alert: Pick<Alert, 'claimedBy' | 'resolvedAt' | 'resolvedBy' | 'resolutionNote'>
}

/** On the wearer's alert: who is on it while it is open, and the note of whoever resolved it. */
export function AlertClaim({ alert }: AlertClaimProps) {
  if (alert.resolvedBy && alert.resolutionNote) {
    return (
      <figure className="mt-1.5 grid gap-0.5 text-sm" data-testid="alert-note">
        <figcaption className="flex items-center gap-1.5 font-medium">
          <MessageSquareHeart aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {claimText.wrote(alert.resolvedBy)}
        </figcaption>
        <blockquote className="border-l-2 border-primary/40 pl-3 whitespace-pre-line">{alert.resolutionNote}</blockquote>
      </figure>
    )
  }
  if (alert.claimedBy && !alert.resolvedAt) {
    return (
      <p role="status" className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-primary" data-testid="alert-claim">
        <HandHelping aria-hidden="true" className="size-4 shrink-0" />
        {claimText.onIt(alert.claimedBy)}
      </p>
    )
  }
  return null
}
