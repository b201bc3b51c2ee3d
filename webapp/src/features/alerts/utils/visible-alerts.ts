import { EARLIER_AFTER_MS, MAX_VISIBLE_ALERTS, RESOLVED_ON_SHOW_MS, RESOLVED_SHOWN_MS } from '../content'
import type { Alert } from '../types'

export type VisibleAlerts = {
  /** Unread open alerts of the last day, newest first as given, then those resolved within the hour: MAX_VISIBLE_ALERTS at most. */
  shown: Alert[]
  /** How many open ones were left out ("+N more notifications"). */
  more: number
  /** Folded behind "Show N earlier alerts": unread alerts resolved an hour to RESOLVED_SHOWN_MS before `now`, and open ones older than EARLIER_AFTER_MS. */
  earlier: Alert[]
}

/**
 * The alerts a list shows: what is new first, the rest folded. A resolved
 * alert needs no dismissing, is never counted in `more`, and leaves by
 * itself RESOLVED_SHOWN_MS after it ended.
 */
export function visibleAlerts(alerts: readonly Alert[], now: number): VisibleAlerts {
  const open: Alert[] = []
  const settled: Alert[] = []
  const earlier: Alert[] = []
  for (const a of alerts) {
    if (a.isRead) continue
    if (a.resolvedAt) {
      const ago = now - Date.parse(a.resolvedAt)
      if (ago < RESOLVED_ON_SHOW_MS) settled.push(a)
      else if (ago < RESOLVED_SHOWN_MS) earlier.push(a)
    } else if (now - Date.parse(a.createdAt) < EARLIER_AFTER_MS) {
      open.push(a)
    } else {
      earlier.push(a)
    }
  }
  const shown = [...open, ...settled].slice(0, MAX_VISIBLE_ALERTS)
  // Resolved ones that found no room fold away rather than vanish.
  const left = settled.filter((a) => !shown.includes(a))
  return { shown, more: Math.max(0, open.length - MAX_VISIBLE_ALERTS), earlier: [...left, ...earlier] }
}
