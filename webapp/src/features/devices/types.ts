import type { ApiSchema, Assert, Reads, SameShape } from '@/lib/api-schema'

/** Device health as the server words it (docs/api.md). */
export type DeviceHealth = 'never_seen' | 'ok' | 'no_gps_fix' | 'offline' | 'battery_died'

/** What a device is; a phone reports through one of the phone apps (issue 19). */
export type DeviceKind = 'bracelet' | 'phone'

/** `GET /api/devices` item. Times are RFC 3339 (UTC) or null. */
export type Device = {
  id: string
  name: string
  kind: DeviceKind
  createdAt: string
  revokedAt?: string
  lastSeenAt: string | null
  lastFixAt: string | null
  lastBattery: number | null
  charging: boolean | null
  intervalS: number
  connected: boolean
  health: DeviceHealth | (string & {})
  batteryTimeLeftMinutes: number | null
  /** Reports refused today (the owner's day), and the latest of them. */
  refusedToday: number
  lastRefusal: Refusal | null
}

/** The latest report a device had refused: when, the reason code and what was wrong. */
export type Refusal = {
  at: string
  reason: string
  detail: string
}

/** Why an optional value was left out of a stored fix (ingest/phone). */
export type DropReason = 'unknown_field' | 'not_known' | 'out_of_range' | 'wrong_type' | 'repeated'

/** An optional value left out of a packet's stored fixes, and in how many of them. */
export type FieldDrop = {
  field: string
  reason: DropReason
  count: number
}

/** `POST /api/devices` answer: the device and its token, shown this once. */
export type PairedDevice = Partial<Device> & { id: string; name: string; token: string }

/** One raw packet a bracelet sent and what became of it (`GET /api/devices/{id}/packets`, live `packet` events). */
export type PacketRecord = {
  id: string
  deviceId: string
  at: string
  topic: string
  /** Payload size in bytes. */
  size: number
  /** The payload's first 256 bytes, as text or hex (`encoding`). */
  excerpt: string
  encoding: 'text' | 'hex' | (string & {})
  truncated: boolean
  outcome: 'accepted' | 'rejected' | (string & {})
  /** Accepted: position or battery. */
  kind?: string
  fixes?: number
  /** Refused (all of it, or some of a phone app's batch): the reason code, and its explanation. */
  reason?: string
  detail?: string
  /** The optional values left out of the stored fixes. */
  dropped?: FieldDrop[]
}

/** The web app keeps its open string unions; the fields must be the document's. */
export type DocumentChecks = [
  Assert<Reads<Device, ApiSchema<'Device'>>>,
  Assert<Reads<PairedDevice, ApiSchema<'PairedDevice'>>>,
  Assert<SameShape<PacketRecord, ApiSchema<'Packet'>>>,
  Assert<SameShape<Refusal, ApiSchema<'Refusal'>>>,
  Assert<SameShape<FieldDrop, ApiSchema<'FieldDrop'>>>,
]
