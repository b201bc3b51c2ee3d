import * as React from 'react'

import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useShareLocation } from '../api/share-location'
import { gpsText } from '../content'
import type { LatLon } from '../types'

/**
 * "Share My Location" (docs/spec.md §8): asks the browser for its position and
 * posts it as the bracelet location, with a toast for every outcome. The
 * share counts as pending from the question to the server's answer.
 */
export function useShareMyLocation({ onShared }: { onShared?: (at: LatLon) => void } = {}) {
  const mutation = useShareLocation()
  const [locating, setLocating] = React.useState(false)

  const share = React.useCallback(() => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
    if (!geolocation) {
      toast({ ...gpsText.toasts.notSupported, variant: 'destructive' })
      return
    }
    setLocating(true)
    geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        const input = {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }
        mutation.mutate(input, {
          onSuccess: () => {
            toast(gpsText.toasts.shared)
            onShared?.({ lat: input.latitude, lon: input.longitude })
          },
          onError: (error) => {
            if (!isUnauthorizedError(error)) toast({ ...gpsText.toasts.failed, variant: 'destructive' })
          },
        })
      },
      () => {
        setLocating(false)
        toast({ ...gpsText.toasts.locationError, variant: 'destructive' })
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    )
  }, [mutation, onShared])

  return { share, isPending: locating || mutation.isPending }
}
