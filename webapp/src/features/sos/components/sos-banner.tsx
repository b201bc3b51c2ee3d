import { MapPin, Siren } from 'lucide-react'
import * as React from 'react'

import { safeText } from '../content'
import type { OpenSos } from '../types'
import { SafeNowButton } from './safe-now-button'

/** How the page shares where the person is for their open SOS (composed by the app, which owns the sharing). */
export type SosSharing = 'on' | 'blocked' | 'ended'

export type SosBannerProps = {
  sos: OpenSos
  sharing: SosSharing
}

/**
 * Across the signed-in shell while an SOS is open, on phones and desktops:
 * since when, whether and until when the position is shared, and "I'm safe now".
 */
export function SosBanner({ sos, sharing }: SosBannerProps) {
  const titleId = React.useId()
  const line =
    sharing === 'on' ? safeText.sharing(sos.sharingUntil) : sharing === 'blocked' ? safeText.sharingBlocked : safeText.sharingEnded(sos.sharingUntil)
  return (
    <section
      aria-labelledby={titleId}
      data-testid="sos-banner"
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-b border-red-600/30 bg-red-50 px-4 py-2.5 text-sm text-red-950 sm:px-6 lg:px-10 dark:bg-red-950 dark:text-red-50"
    >
      <p id={titleId} className="flex items-center gap-2 font-semibold">
        <Siren aria-hidden="true" className="size-5 shrink-0 text-red-700 motion-safe:animate-pulse dark:text-red-300" />
        {safeText.title}
      </p>
      <SafeNowButton alertId={sos.alert.id} size="sm" className="self-center sm:row-span-2" />
      <div className="col-span-2 grid gap-0.5 sm:col-span-1">
        <p>{safeText.since(sos.alert.createdAt)}</p>
        <p className="flex items-start gap-1.5" data-testid="sos-sharing">
          <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {line}
        </p>
      </div>
    </section>
  )
}
