import { Loader2, Navigation } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { gpsText } from '../content'
import { useShareMyLocation } from '../hooks/use-share-location'
import type { LatLon } from '../types'

export type ShareLocationButtonProps = {
  onShared?: (at: LatLon) => void
}

/** docs/spec.md: Share My Location, disabled while a share is pending. */
export function ShareLocationButton({ onShared }: ShareLocationButtonProps) {
  const { share, isPending } = useShareMyLocation({ onShared })
  return (
    <Button onClick={share} disabled={isPending} className="rounded-full" aria-busy={isPending}>
      {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Navigation aria-hidden="true" />}
      {gpsText.share}
    </Button>
  )
}
