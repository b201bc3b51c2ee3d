import type { QueryClient } from '@tanstack/react-query'

import { alertKeys } from '@/features/alerts/api/alert-keys'
import type { Alert } from '@/features/alerts/types'
import { careKeys } from '@/features/care/api/care-keys'
import { deviceKeys } from '@/features/devices/api/device-keys'
import type { Device } from '@/features/devices/types'
import { gpsKeys, zoneKeys } from '@/features/gps/api/gps-keys'
import type { Location } from '@/features/gps/types'
import { inRange, type DayRange } from '@/features/gps/utils/day-range'
import { sosKeys } from '@/features/sos/api/sos-keys'

/**
 * How each event of `GET /api/events` (docs/api.md) changes the TanStack
 * Query caches, so screens move without a refetch or a reload.
 */

/** The Recent History list holds at most what `GET /api/gps/locations` returns by default. */
export const RECENT_LIMIT = 100

const newestFirst = (a: Location, b: Location) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id

/**
 * The same fix: by id, or (the stream sends `id: 0` for a fix it has not
 * numbered) by time and place.
 */
export function sameFix(a: Location, b: Location): boolean {
  if (a.id > 0 && b.id > 0) return a.id === b.id
  return (
    Date.parse(a.timestamp) === Date.parse(b.timestamp) &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude &&
    (a.deviceId ?? '') === (b.deviceId ?? '')
  )
}

function withLocation(list: Location[] | undefined, location: Location, limit?: number): Location[] | undefined {
  if (!list) return list
  if (list.some((l) => sameFix(l, location))) return list
  const next = [location, ...list].sort(newestFirst)
  return limit ? next.slice(0, limit) : next
}

/**
 * `location`: the latest (when newer), Recent History, and the day track
 * whose day it falls on, at once. The stream carries only the newest fix
 * of each second, so the location lists are also refetched (in the
 * background, where shown) to pick up any fix it skipped.
 */
export function applyLocation(queryClient: QueryClient, location: Location): void {
  queryClient.setQueryData<Location | null>(gpsKeys.latest(), (current) => {
    if (current && Date.parse(current.timestamp) > Date.parse(location.timestamp)) return current
    return location
  })
  queryClient.setQueryData<Location[]>(gpsKeys.recent(), (list) => withLocation(list, location, RECENT_LIMIT))
  for (const [key, list] of queryClient.getQueriesData<Location[]>({ queryKey: gpsKeys.days() })) {
    const range = key[key.length - 1] as DayRange | undefined
    if (!list || !range || !inRange(range, location.timestamp)) continue
    queryClient.setQueryData<Location[]>(key, withLocation(list, location))
  }
  void queryClient.invalidateQueries({ queryKey: gpsKeys.locations() })
  // A bracelet's fix changes its last seen, battery and health (the list
  // only: its packets come as events of their own).
  if (location.deviceId) void queryClient.invalidateQueries({ queryKey: deviceKeys.list(), exact: true })
}

/**
 * `alert`: adds it to the alert list (the dashboard's and the GPS page's),
 * or updates the one the list has (an alert that was resolved; a resumed
 * stream resends). Returns false when the list already had it.
 */
export function applyAlert(queryClient: QueryClient, alert: Alert): boolean {
  const list = queryClient.getQueryData<Alert[]>(alertKeys.list())
  if (list?.some((a) => a.id === alert.id)) {
    queryClient.setQueryData<Alert[]>(alertKeys.list(), list.map((a) => (a.id === alert.id ? { ...a, ...alert } : a)))
    return false
  }
  if (list) queryClient.setQueryData<Alert[]>(alertKeys.list(), [alert, ...list])
  return true
}

/** `device`: the connection badge changes at once; the list is refetched for health and battery. */
export function applyDevice(queryClient: QueryClient, change: { id: string; connected: boolean }): Promise<void> {
  queryClient.setQueryData<Device[]>(deviceKeys.list(), (list) =>
    list?.map((d) => (d.id === change.id ? { ...d, connected: change.connected } : d)),
  )
  return queryClient.invalidateQueries({ queryKey: deviceKeys.list(), exact: true })
}

/** `zone`: a zone was created, edited or deleted (here or in another tab): refetch them. */
export function applyZoneChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: zoneKeys.list() })
}

/** `sos`: an SOS was raised or closed. For a supporter, `personId` names whose card to refetch; for the wearer, `alertId` their own. */
export type SosChange = { alertId?: number; personId?: number; open: boolean }

/**
 * `sos`: a supporter's "People I support" asks again at once (instead of at
 * its next 15 s refetch); the wearer's other tabs refetch their open SOS
 * (the banner) and their alerts.
 */
export function applySosChange(queryClient: QueryClient, change: SosChange): Promise<unknown> {
  if (change.personId) return queryClient.invalidateQueries({ queryKey: careKeys.supporting })
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sosKeys.open(), exact: true }),
    queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  ])
}

/** `ask` data: `{askId}` to the wearer, `{personId}` to a supporter it went to. */
export type AskChange = { askId?: number; personId?: number }

/** A gentle ask sent, answered or closed: the wearer's open ask, or a supporter's asks, are fetched again. */
export function applyAskChange(queryClient: QueryClient, change: AskChange): Promise<unknown> {
  const key = change.personId ? careKeys.asksToMe : careKeys.openAsk
  return queryClient.invalidateQueries({ queryKey: key, exact: true })
}

/** `claim`: a supporter took a step on an alert. For a supporter, `personId` names whose card to refetch; for the wearer, `alertId` their own alert. */
export type ClaimChange = { alertId?: number; personId?: number }

/**
 * `claim`: "Sam is on it", handed back or resolved. A supporter's People I
 * support asks again at once; the wearer's alerts (the list already took
 * the `alert` event beside it) and that alert's "Why this alert?" refetch.
 */
export function applyClaimChange(queryClient: QueryClient, change: ClaimChange): Promise<unknown> {
  if (change.personId) return queryClient.invalidateQueries({ queryKey: careKeys.supporting })
  return queryClient.invalidateQueries({ queryKey: alertKeys.all })
}

/** `note`: a supporter sent the wearer a note; the dashboard's "From your people" asks again at once (instead of at its next minute). */
export function applyNoteArrived(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: careKeys.notes, exact: true })
}

/** After a reconnect: whatever happened meanwhile is fetched again. */
export function refreshAfterReconnect(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: gpsKeys.all }),
    queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
    queryClient.invalidateQueries({ queryKey: sosKeys.open(), exact: true }),
    queryClient.invalidateQueries({ queryKey: careKeys.supporting }),
    queryClient.invalidateQueries({ queryKey: careKeys.openAsk, exact: true }),
    queryClient.invalidateQueries({ queryKey: careKeys.notes, exact: true }),
  ])
}
