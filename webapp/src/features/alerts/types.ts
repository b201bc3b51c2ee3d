import type { ApiSchema, Assert, SameShape } from '@/lib/api-schema'

/** Alert kinds the server raises (docs/api.md); others may come later and get a plain look. */
export type AlertType = 'missed_checkin' | 'concerning_pattern' | 'milestone' | 'low_battery' | 'device_offline' | 'sos'

/** One step of telling someone about an alert: who, by which channel, and how it went. */
export type Delivery = ApiSchema<'Delivery'>

/** `GET /api/alerts` item. `link` is a next step in the app (`/crisis`), or empty. */
export type Alert = {
  id: number
  type: AlertType | (string & {})
  message: string
  link: string
  isRead: boolean
  createdAt: string
  /** The zone and the device the alert is about, when there are such. */
  zoneId?: number
  /** The zone's name now (on `GET /api/alerts/{id}` only, while the zone exists). */
  zoneName?: string
  deviceId?: string
  /** When the wearer answered "I'm okay". */
  okayAt?: string
  /** When the alert ended for everyone ("I'm safe now", a bracelet reporting again), and how. */
  resolvedAt?: string
  resolution?: string
  /** Who was told and when (on `GET /api/alerts/{id}` only). */
  deliveries?: Delivery[]
  /** The supporter who said "I'm on it" (as the wearer knows them), and since when. */
  claimedBy?: string
  claimedAt?: string
  /** The supporter who resolved it, and the note they left. */
  resolvedBy?: string
  resolutionNote?: string
  /** What supporters did, oldest first (on `GET /api/alerts/{id}` only). */
  steps?: AlertStep[]
}

/** One supporter's step on an alert: claimed, handed back, resolved with a note, reminded. */
export type AlertStep = ApiSchema<'AlertStep'>

/** Geofence alert kinds (issue 6): they carry evidence and a toast when they arrive live. */
export const geofenceAlertTypes = ['geofence_enter_avoid', 'geofence_exit_safe', 'geofence_dwell', 'geofence_schedule'] as const

export function isGeofenceAlert(alert: Pick<Alert, 'type'>): boolean {
  return (geofenceAlertTypes as readonly string[]).includes(alert.type)
}

/** One fix that confirmed a geofence alert; distance to the zone's edge is + outside, − inside. */
export type EvidenceFix = {
  ts: string
  lat: number
  lon: number
  accuracyM: number | null
  distanceToEdgeM: number | null
}

/**
 * What the geofence engine stored about its decision. `since` is when what it
 * reports began (a stay's entry for a dwell, else the event's time) and
 * `detectedAt` when it was confirmed; alerts from before issue 29 lack `since`.
 */
export type AlertEvidence = {
  rule: string
  marginM: number | null
  fixes: EvidenceFix[]
  since?: string
  detectedAt?: string
  zoneId?: number
  deviceId?: string
}

/** `GET /api/alerts/{id}`: the alert and its evidence (absent for non-geofence alerts). */
export type AlertDetail = Alert & { evidence?: AlertEvidence }

/** The document leaves the evidence open (any JSON); everything else must agree with it. */
export type DocumentChecks = [
  Assert<SameShape<Alert, Omit<ApiSchema<'Alert'>, 'evidence'>>>,
  Assert<SameShape<keyof AlertDetail, keyof ApiSchema<'Alert'>>>,
]
