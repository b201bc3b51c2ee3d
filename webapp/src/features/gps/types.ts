import type { ApiRequestBody, ApiSchema, Assert, Reads, Sendable } from '@/lib/api-schema'

/** docs/spec.md §3 Location record, as docs/api.md sends it. */
/** Where a fix came from; `manual` is what older servers called `browser`. */
export type LocationSource = 'bracelet' | 'owntracks' | 'overland' | 'osmand' | 'browser' | 'manual'

export type Location = {
  id: number
  latitude: number
  longitude: number
  /** Metres, or null when the fix had none. */
  accuracy: number | null
  /** RFC 3339, UTC. */
  timestamp: string
  /** Percent, or null. */
  batteryLevel: number | null
  source: LocationSource | (string & {})
  deviceId?: string
}

export type ZoneType = 'safe' | 'avoid'
export type ZoneShape = 'circle' | 'polygon'

/** GeoJSON, lon/lat order (zones contract). */
export type GeoJsonPolygon = ApiSchema<'GeoJsonPolygon'>

export type ZoneSchedule = { start: string; end: string }

/** docs/spec.md §3 Zone record plus the zones contract's extra fields. */
export type Zone = {
  id: number
  name: string
  type: ZoneType
  shape?: ZoneShape
  /** The circle's centre, or a point for a polygon's popup. */
  latitude: number
  longitude: number
  /** Metres (circles); null for polygons. */
  radius: number | null
  polygon?: GeoJsonPolygon | null
  isActive: boolean
  dwellMinutes?: number | null
  schedule?: ZoneSchedule | null
  createdAt?: string
  updatedAt?: string
}

/** `GET /api/app-config`: `mapTileUrl` is an XYZ template ({z}/{x}/{y}); "" means no base map. */
export type AppConfig = ApiSchema<'AppConfig'>

/** A coordinate in degrees. */
export type LatLon = { lat: number; lon: number }

/** A place an address search found: a short name, the full address, and where it is. */
export type Place = LatLon & { name: string; label: string }

/** A place the map moves to when it is chosen (a new zone's centre, with its radius when known). */
export type MapFocus = LatLon & { radius?: number | null }

/**
 * The body of `POST /api/safe-zones` (and `PATCH`, which takes any subset).
 * A 400 names each bad field in `fields` (name, type, latitude, longitude,
 * radius, polygon, dwellMinutes, schedule).
 */
export type ZoneInput = {
  name: string
  type: ZoneType
  shape: ZoneShape
  latitude: number
  longitude: number
  radius?: number | null
  polygon?: GeoJsonPolygon | null
  isActive: boolean
  /** 0 clears it (a JSON null would read as "unchanged" on PATCH). */
  dwellMinutes: number
  /** An empty schedule (`{start: "", end: ""}`) clears it. */
  schedule: ZoneSchedule
}

/** A point to draw on the map with its accuracy (an alert's evidence). */
export type MapPoint = LatLon & { accuracyM?: number | null; label: string }

/** A circle being placed on the map before it is saved. */
export type CircleDraft = LatLon & { radius: number }

/** An area drawn on the map before it is saved; lat/lon is a point inside it (the popup's). */
export type PolygonDraft = LatLon & { polygon: GeoJsonPolygon; corners: number }

export type EditMode = 'none' | 'circle' | 'polygon'

/** The web app reads answers through open unions and optional fields (older servers); the fields must be the document's. */
export type DocumentChecks = [
  Assert<Reads<Location, ApiSchema<'Location'>>>,
  Assert<Reads<Zone, ApiSchema<'Zone'>>>,
  Assert<Sendable<ZoneInput, ApiRequestBody<'createZone'>>>,
]
