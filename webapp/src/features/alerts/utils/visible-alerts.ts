import { EARLIER_AFTER_MS, MAX_VISIBLE_ALERTS, RESOLVED_SHOWN_MS } from '../content'
import type { Alert } from '../types'

export type VisibleAlerts = {
  /** Unread open alerts of the last day, newest first as given, MAX_VISIBLE_ALERTS at most. */
  shown: Alert[]
  /** How many of those were left out ("+N more notifications"). */
  more: number
  /** Folded behind "Show N earlier alerts": unread alerts resolved less than RESOLVED_SHOWN_MS before `now` and open ones older than EARLIER_AFTER_MS. */
  earlier: Alert[]
}

/**
 * The alerts a list shows: what is new first, the rest folded. A resolved
 * alert needs no dismissing, is never counted in `more`, and leaves by
 * itself RESOLVED_SHOWN_MS after it ended.
 */
export function visibleAlerts(alerts: readonly Alert[], now: number): VisibleAlerts {
  const unread = alerts.filter((a) => !a.isRead)
  const recent: Alert[] = []
  const earlier: Alert[] = []
  for (const a of unread) {
    if (a.resolvedAt) {
      if (now - Date.parse(a.resolvedAt) < RESOLVED_SHOWN_MS) earlier.push(a)
    } else if (now - Date.parse(a.createdAt) < EARLIER_AFTER_MS) {
      recent.push(a)
    } else {
      earlier.push(a)
    }
  }
  return { shown: recent.slice(0, MAX_VISIBLE_ALERTS), more: Math.max(0, recent.length - MAX_VISIBLE_ALERTS), earlier }
}
