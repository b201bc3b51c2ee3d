import { alertsText } from '@/features/alerts/content'
import type { AlertEvidence } from '@/features/alerts/types'
import type { MapPoint } from '@/features/gps/types'

/** An alert's evidence as points on the map, labelled in words. */
export function evidenceToPoints(evidence: AlertEvidence): MapPoint[] {
  const why = alertsText.why
  return evidence.fixes.map((fix) => ({
    lat: fix.lat,
    lon: fix.lon,
    accuracyM: fix.accuracyM,
    label: [
      new Date(fix.ts).toLocaleTimeString('en-US'),
      fix.accuracyM !== null && fix.accuracyM !== undefined ? why.accuracy(fix.accuracyM) : null,
      fix.distanceToEdgeM !== null && fix.distanceToEdgeM !== undefined ? why.distance(fix.distanceToEdgeM) : null,
    ]
      .filter(Boolean)
      .join(', '),
  }))
}
