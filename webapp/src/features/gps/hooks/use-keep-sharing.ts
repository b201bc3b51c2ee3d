import * as React from 'react'

import { isUnauthorizedError } from '@/lib/api-client'

import { useShareLocation, type ShareLocationInput } from '../api/share-location'
import { gpsText } from '../content'
import type { LatLon } from '../types'
import { FixPacer } from '../utils/fix-pacer'

/** GeolocationPositionError.PERMISSION_DENIED (the other codes: no position, timeout). */
const PERMISSION_DENIED = 1

/** The last fix the server stored: its accuracy (metres) and when it was acknowledged (RFC 3339). */
export type SentFix = { accuracy: number | null; at: string }

export type KeepSharing = {
  on: boolean
  /** Null until the first fix of this run is stored. */
  last: SentFix | null
  /** The latest send failed; the next fix tries again. */
  sendFailed: boolean
  /** The browser lost the position after having one; sharing goes on when it is found again. */
  positionLost: boolean
  /** Why sharing stopped by itself (permission denied, no position), shown until it is turned on again. */
  error: string | null
  setOn: (on: boolean) => void
}

export type UseKeepSharingOptions = {
  /** The least time between two sends. */
  intervalMs: number
  onShared?: (at: LatLon) => void
}

/**
 * "Keep sharing while this page is open" (issue 19): watches the browser's
 * position and posts it through the same endpoint as Share My Location,
 * paced by a FixPacer. A refused permission, or no position at all, turns
 * it off with the reason; a position lost after the first, or a failed
 * send, only warns, and the next fix goes on.
 */
export function useKeepSharing({ intervalMs, onShared }: UseKeepSharingOptions): KeepSharing {
  const { mutateAsync: share } = useShareLocation()
  const [on, setOnState] = React.useState(false)
  const [last, setLast] = React.useState<SentFix | null>(null)
  const [sendFailed, setSendFailed] = React.useState(false)
  const [positionLost, setPositionLost] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)

  const setOn = React.useCallback((next: boolean) => {
    if (next && (typeof navigator === 'undefined' || !navigator.geolocation)) {
      setError(gpsText.keepSharing.errors.notSupported)
      return
    }
    if (next) {
      setError(null)
      setLast(null)
      setSendFailed(false)
      setPositionLost(false)
    }
    setOnState(next)
  }, [])

  const shared = React.useEffectEvent((input: ShareLocationInput) => {
    setLast({ accuracy: input.accuracy, at: new Date().toISOString() })
    setSendFailed(false)
    onShared?.({ lat: input.latitude, lon: input.longitude })
  })

  React.useEffect(() => {
    if (!on) return
    let active = true
    const geolocation = navigator.geolocation
    const pacer = new FixPacer<ShareLocationInput>(intervalMs, (input) =>
      share(input).then(
        () => {
          if (active) shared(input)
        },
        (failure: unknown) => {
          if (!active) return
          // Signed out: the app is already on its way to the sign-in page.
          if (isUnauthorizedError(failure)) setOnState(false)
          else setSendFailed(true)
        },
      ),
    )
    let located = false
    const watchId = geolocation.watchPosition(
      ({ coords }) => {
        located = true
        setPositionLost(false)
        pacer.offer({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy })
      },
      (failure) => {
        if (!active) return
        // A watch outlives its errors: a position lost on the way (a tunnel,
        // indoors) only warns; a refusal, or no position at all, ends it.
        if (located && failure.code !== PERMISSION_DENIED) {
          setPositionLost(true)
          return
        }
        setError(
          failure.code === PERMISSION_DENIED
            ? gpsText.keepSharing.errors.denied
            : gpsText.keepSharing.errors.unavailable,
        )
        setOnState(false)
      },
      { enableHighAccuracy: true, maximumAge: 0 },
    )
    return () => {
      active = false
      geolocation.clearWatch(watchId)
      pacer.stop()
    }
  }, [on, intervalMs, share])

  return { on, last, sendFailed, positionLost, error, setOn }
}
