import { MAX_VISIBLE_ALERTS, RESOLVED_SHOWN_MS } from '../content'
import type { Alert } from '../types'

/**
 * The alerts a list shows: the unread open ones first, then unread ones
 * resolved less than RESOLVED_SHOWN_MS before `now` (over: they need no
 * dismissing, leave by themselves and are not counted), at most
 * MAX_VISIBLE_ALERTS in all; `more` counts the open ones left out.
 */
export function visibleAlerts(alerts: readonly Alert[], now: number): { shown: Alert[]; more: number } {
  const unread = alerts.filter((a) => !a.isRead)
  const open = unread.filter((a) => !a.resolvedAt)
  const settled = unread.filter((a) => a.resolvedAt && now - Date.parse(a.resolvedAt) < RESOLVED_SHOWN_MS)
  return { shown: [...open, ...settled].slice(0, MAX_VISIBLE_ALERTS), more: Math.max(0, open.length - MAX_VISIBLE_ALERTS) }
}
