import { dateTimeFormat } from '@/lib/date-format'

import { careText } from '../content'
import type { FullGrant, Grant, Supporter } from '../types'

/** A date and time as people read it, in their own time zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))
}

/** A day, such as "Nov 29, 2026". */
export function formatDate(iso: string, timeZone?: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso))
}

/** Every part off: what a new supporter starts with. */
export const emptyGrant: FullGrant = {
  checkIns: false,
  checkInDetails: false,
  alerts: [],
  location: 'never',
  locationWindowMinutes: 60,
  phone: false,
  measures: false,
  signals: false,
}

/** The grant with its defaults filled in (the API may leave fields out). */
export function fullGrant(grant: Grant | undefined): FullGrant {
  return { ...emptyGrant, ...grant, alerts: [...(grant?.alerts ?? [])] }
}

/** True when two grants say the same. */
export function sameGrant(a: FullGrant, b: FullGrant): boolean {
  return (
    a.checkIns === b.checkIns &&
    a.checkInDetails === b.checkInDetails &&
    a.location === b.location &&
    a.locationWindowMinutes === b.locationWindowMinutes &&
    a.phone === b.phone &&
    a.measures === b.measures &&
    a.signals === b.signals &&
    [...a.alerts].sort().join() === [...b.alerts].sort().join()
  )
}

/** The name the wearer reads: their own label, else the account's name or address. */
export function supporterName(s: Supporter): string {
  return s.label || s.name || s.email || s.inviteEmail || 'Supporter'
}

/** One line saying what a grant shows, or null when it shows nothing. */
export function grantSummary(grant: Grant): string | null {
  const g = fullGrant(grant)
  const text = careText.supporter.summary
  const parts: string[] = []
  if (g.checkIns) parts.push(g.checkInDetails ? text.checkInDetails : text.checkIns)
  if (g.alerts.length > 0) {
    const order = Object.keys(text.alertKinds) as (keyof typeof text.alertKinds)[]
    parts.push(text.alerts(order.filter((k) => g.alerts.includes(k)).map((k) => text.alertKinds[k]).join(', ')))
  }
  if (g.location === 'always') parts.push(text.locationAlways)
  if (g.location === 'during_alert') parts.push(text.locationDuring(careText.grant.windowOption(g.locationWindowMinutes)))
  if (g.phone) parts.push(text.phone)
  if (g.measures) parts.push(text.measures)
  if (g.signals) parts.push(text.signals)
  return parts.length > 0 ? parts.join('; ') : null
}
