import { alertsText } from '../content'
import type { AlertDetail } from '../types'

/**
 * The one sentence a person understands that leads "Why this alert?" ("You
 * were inside Murphy's Bar for 3 minutes."), from the alert and its
 * evidence; null for a kind that has none. Times come from the evidence's
 * `since`, else its first fix, else when the alert was raised.
 */
export function plainReason(alert: AlertDetail): string | null {
  const text = alertsText.why
  const evidence = alert.evidence
  const since = evidence?.since ?? evidence?.fixes[0]?.ts
  const at = since ?? alert.createdAt
  const avoid = alert.zoneName || text.someAvoidZone
  const safe = alert.zoneName || text.someSafeZone
  switch (alert.type) {
    case 'geofence_enter_avoid':
      return text.plain.geofence_enter_avoid(avoid, at)
    case 'geofence_dwell': {
      if (!evidence?.since) return text.plain.dwellNoTime(avoid)
      const until = evidence.detectedAt ?? alert.createdAt
      return text.plain.geofence_dwell(avoid, Date.parse(until) - Date.parse(evidence.since))
    }
    case 'geofence_exit_safe':
      return text.plain.geofence_exit_safe(safe, at)
    case 'geofence_schedule':
      return text.plain.geofence_schedule(safe, at)
    default:
      return null
  }
}
