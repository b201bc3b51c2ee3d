import type { DayRange } from '../utils/day-range'

/**
 * Query and mutation keys of the GPS feature. The live stream (src/app/live)
 * writes into `latest()`, `recent()` and `days()` when a fix arrives.
 */
export const gpsKeys = {
  all: ['/api', 'gps'] as const,
  latest: () => [...gpsKeys.all, 'latest'] as const,
  locations: () => [...gpsKeys.all, 'locations'] as const,
  /** `GET /api/gps/locations`: the newest 100 (Recent History). */
  recent: () => [...gpsKeys.locations(), 'recent'] as const,
  /** One local day's fixes (the history track). */
  days: () => [...gpsKeys.locations(), 'day'] as const,
  day: (range: DayRange) => [...gpsKeys.days(), range] as const,
  share: () => [...gpsKeys.all, 'share'] as const,
  appConfig: () => ['/api', 'app-config'] as const,
  /** An address search at the configured geocoder (not our API). */
  places: (geocoderUrl: string, query: string) => ['geocoder', geocoderUrl, query] as const,
}

/** Keys of the zones API (`/api/safe-zones`). */
export const zoneKeys = {
  all: ['/api', 'safe-zones'] as const,
  list: () => [...zoneKeys.all] as const,
  create: () => [...zoneKeys.all, 'create'] as const,
  update: () => [...zoneKeys.all, 'update'] as const,
  remove: () => [...zoneKeys.all, 'delete'] as const,
}
