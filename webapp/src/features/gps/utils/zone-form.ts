import { DEFAULT_RADIUS_M, gpsText, ZONE_LIMITS } from '../content'
import type { GeoJsonPolygon, Zone, ZoneInput, ZoneShape, ZoneType } from '../types'

/**
 * The zone dialog's values and rules. Numbers stay text while typed (an
 * empty optional field is allowed); `toZoneInput` turns valid values into
 * the request body. The server checks the same rules (issue 6) and its
 * per-field messages are shown under the same inputs (`serverFieldToInput`).
 */

/** What the dialog starts from: a new circle or area from the map, or a zone to edit. */
export type ZoneDraft = {
  zone?: Zone
  shape: ZoneShape
  latitude: number
  longitude: number
  radius: number | null
  polygon?: GeoJsonPolygon | null
}

export type ZoneFormValues = {
  name: string
  type: ZoneType
  isActive: boolean
  latitude: string
  longitude: string
  radius: string
  dwellMinutes: string
  scheduleEnabled: boolean
  scheduleStart: string
  scheduleEnd: string
}

export type ZoneFormField = keyof ZoneFormValues
export type ZoneFormErrors = Partial<Record<ZoneFormField, string>>

const round = (n: number, digits: number) => String(Number(n.toFixed(digits)))

export function draftToValues(draft: ZoneDraft): ZoneFormValues {
  const zone = draft.zone
  return {
    name: zone?.name ?? '',
    type: zone?.type ?? 'safe',
    isActive: zone?.isActive ?? true,
    latitude: round(draft.latitude, 6),
    longitude: round(draft.longitude, 6),
    radius: draft.radius === null ? '' : String(Math.round(draft.radius)),
    dwellMinutes: zone?.dwellMinutes ? String(zone.dwellMinutes) : '',
    scheduleEnabled: Boolean(zone?.schedule),
    scheduleStart: zone?.schedule?.start ?? '22:00',
    scheduleEnd: zone?.schedule?.end ?? '06:00',
  }
}

/** A draft for the "Add zone" button: a circle of the default radius at the point given. */
export function circleDraftAt(lat: number, lon: number, radius = DEFAULT_RADIUS_M): ZoneDraft {
  return { shape: 'circle', latitude: lat, longitude: lon, radius }
}

export function zoneToDraft(zone: Zone): ZoneDraft {
  const shape: ZoneShape = zone.shape ?? (zone.polygon ? 'polygon' : 'circle')
  return {
    zone,
    shape,
    latitude: zone.latitude,
    longitude: zone.longitude,
    radius: zone.radius,
    polygon: zone.polygon ?? null,
  }
}

const number = (text: string): number | null => {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : null
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/

/** Client-side checks, with the messages shown under each input. */
export function validateZoneForm(values: ZoneFormValues, shape: ZoneShape): ZoneFormErrors {
  const errors: ZoneFormErrors = {}
  const text = gpsText.validation
  const name = values.name.trim()
  if (name.length < 1 || [...name].length > ZONE_LIMITS.nameMax) errors.name = text.name
  if (shape === 'circle') {
    const lat = number(values.latitude)
    if (lat === null || lat < -90 || lat > 90) errors.latitude = text.latitude
    const lon = number(values.longitude)
    if (lon === null || lon < -180 || lon > 180) errors.longitude = text.longitude
    const radius = number(values.radius)
    if (radius === null || radius < ZONE_LIMITS.radiusMin || radius > ZONE_LIMITS.radiusMax) errors.radius = text.radius
  }
  if (values.type === 'avoid' && values.dwellMinutes.trim() !== '') {
    const dwell = number(values.dwellMinutes)
    if (dwell === null || !Number.isInteger(dwell) || dwell < ZONE_LIMITS.dwellMin || dwell > ZONE_LIMITS.dwellMax) {
      errors.dwellMinutes = text.dwell
    }
  }
  if (values.type === 'safe' && values.scheduleEnabled) {
    if (!hhmm.test(values.scheduleStart)) errors.scheduleStart = text.time
    if (!hhmm.test(values.scheduleEnd)) errors.scheduleEnd = text.time
  }
  return errors
}

/** How the API is told "no dwell time" and "no schedule" (docs/api.md: PATCH clears them so). */
export const NO_DWELL = 0
export const NO_SCHEDULE = { start: '', end: '' } as const

/** The request body (valid values only). Dwell belongs to avoid zones, the schedule to safe ones. */
export function toZoneInput(values: ZoneFormValues, draft: ZoneDraft): ZoneInput {
  const base = {
    name: values.name.trim(),
    type: values.type,
    isActive: values.isActive,
    dwellMinutes: (values.type === 'avoid' ? number(values.dwellMinutes) : null) ?? NO_DWELL,
    schedule:
      values.type === 'safe' && values.scheduleEnabled
        ? { start: values.scheduleStart, end: values.scheduleEnd }
        : NO_SCHEDULE,
  }
  if (draft.shape === 'polygon') {
    return {
      ...base,
      shape: 'polygon',
      latitude: draft.latitude,
      longitude: draft.longitude,
      polygon: draft.polygon ?? null,
    }
  }
  return {
    ...base,
    shape: 'circle',
    latitude: number(values.latitude) ?? draft.latitude,
    longitude: number(values.longitude) ?? draft.longitude,
    radius: number(values.radius),
  }
}

/** Which input shows a server field's message; null for those without one (the polygon). */
export function serverFieldToInput(field: string): ZoneFormField | null {
  switch (field) {
    case 'name':
    case 'type':
    case 'isActive':
    case 'latitude':
    case 'longitude':
    case 'radius':
    case 'dwellMinutes':
      return field
    case 'schedule':
    case 'schedule.start':
      return 'scheduleStart'
    case 'schedule.end':
      return 'scheduleEnd'
    default:
      return null
  }
}
