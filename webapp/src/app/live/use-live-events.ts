import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { alertsText } from '@/features/alerts/content'
import { isGeofenceAlert, type Alert } from '@/features/alerts/types'
import { applyPacket } from '@/features/devices/api/device-packets'
import type { PacketRecord } from '@/features/devices/types'
import type { Location } from '@/features/gps/types'
import { toast } from '@/hooks/use-toast'

import {
  applyAlert,
  applyAskChange,
  applyClaimChange,
  applyDevice,
  applyLocation,
  applyNoteArrived,
  applySosChange,
  applyZoneChange,
  refreshAfterReconnect,
  type AskChange,
  type ClaimChange,
  type SosChange,
} from './live-events'

export const EVENTS_URL = '/api/events'
/** Reconnect back-off after the stream closed for good: 1 s, doubling, at most 30 s. */
export const RECONNECT_MIN_MS = 1000
export const RECONNECT_MAX_MS = 30_000

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T
  } catch {
    return null
  }
}

/**
 * One Server-Sent Events stream per signed-in session (docs/api.md "Live
 * events": location, alert, device, zone, sos, ask, claim, note, and packet for the bracelet tester view) (the shell mounts
 * this once). Events update the query caches; a new geofence alert also
 * shows a toast. The browser resumes a dropped stream by itself (sending
 * Last-Event-ID); when the stream closes for good (an error answer), this
 * opens a new one with back-off and refetches what may have been missed.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient()

  React.useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    let openedBefore = false
    let stopped = false
    const seenAlerts = new Set<number>()

    const onLocation = (event: Event) => {
      const location = parse<Location>(event)
      if (location) applyLocation(queryClient, location)
    }
    const onAlert = (event: Event) => {
      const alert = parse<Alert>(event)
      if (!alert) return
      // A changed alert (resolved) updates the list; only a new one is news.
      const isNew = applyAlert(queryClient, alert) && !seenAlerts.has(alert.id)
      seenAlerts.add(alert.id)
      if (isNew && !alert.isRead && isGeofenceAlert(alert)) {
        toast({ title: alertsText.kinds[alert.type] ?? alertsText.fallbackKind, description: alert.message })
      }
    }
    const onDevice = (event: Event) => {
      const change = parse<{ id: string; connected: boolean }>(event)
      if (change) void applyDevice(queryClient, change)
    }

    const onZone = () => void applyZoneChange(queryClient)
    const onSos = (event: Event) => {
      const change = parse<SosChange>(event)
      if (change) void applySosChange(queryClient, change)
    }
    const onAsk = (event: Event) => {
      const change = parse<AskChange>(event)
      if (change) void applyAskChange(queryClient, change)
    }
    const onClaim = (event: Event) => {
      const change = parse<ClaimChange>(event)
      if (change) void applyClaimChange(queryClient, change)
    }
    const onNote = () => void applyNoteArrived(queryClient)
    const onPacket = (event: Event) => {
      const packet = parse<PacketRecord>(event)
      if (packet?.id && packet.deviceId) applyPacket(queryClient, packet)
    }

    const connect = () => {
      const es = new EventSource(EVENTS_URL, { withCredentials: true })
      source = es
      es.addEventListener('open', () => {
        attempt = 0
        if (openedBefore) void refreshAfterReconnect(queryClient)
        openedBefore = true
      })
      es.addEventListener('location', onLocation)
      es.addEventListener('alert', onAlert)
      es.addEventListener('device', onDevice)
      es.addEventListener('zone', onZone)
      es.addEventListener('packet', onPacket)
      es.addEventListener('sos', onSos)
      es.addEventListener('ask', onAsk)
      es.addEventListener('claim', onClaim)
      es.addEventListener('note', onNote)
      es.addEventListener('error', () => {
        if (es.readyState !== EventSource.CLOSED || stopped) return
        es.close()
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt)
        attempt++
        timer = setTimeout(connect, delay)
      })
    }

    connect()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  }, [queryClient])
}
