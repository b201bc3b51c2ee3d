/** Every text of the dashboard's alerts, in one place for the component and its tests. */

import { formatClock as clock, formatDuration } from '@/lib/date-format'

/** docs/spec.md Dashboard: at most 3 unread alerts. */
export const MAX_VISIBLE_ALERTS = 3

/** A resolved alert stays on show this long after it ended, so one that ends before a person's eyes says how. */
export const RESOLVED_ON_SHOW_MS = 60 * 60 * 1000

/** A resolved alert stays listed, among the earlier ones, this long after it ended, unless dismissed. */
export const RESOLVED_SHOWN_MS = 12 * 60 * 60 * 1000

/** An open alert older than this folds away among the earlier ones, so a phone's first screen shows what is new. */
export const EARLIER_AFTER_MS = 24 * 60 * 60 * 1000

export const alertsText = {
  title: 'Alerts for you',
  dismiss: 'Dismiss notification',
  // docs/spec.md Dashboard: '+N more notifications' (one is singular).
  more: (n: number) => `+${n} more ${n === 1 ? 'notification' : 'notifications'}`,
  /** Resolved alerts and those older than a day, folded behind a count. */
  showEarlier: (n: number) => `Show ${n} earlier ${n === 1 ? 'alert' : 'alerts'}`,
  hideEarlier: 'Hide earlier alerts',
  earlierTitle: 'Earlier alerts',
  kinds: {
    milestone: 'Milestone',
    missed_checkin: 'Reminder',
    concerning_pattern: 'Checking in on you',
    low_battery: 'Bracelet battery',
    device_offline: 'Bracelet offline',
    geofence_enter_avoid: 'Avoid zone entered',
    geofence_exit_safe: 'Left a safe zone',
    geofence_dwell: 'Stayed in an avoid zone',
    geofence_schedule: 'Outside a safe zone on schedule',
    sos: 'You asked for help',
  } as Record<string, string>,
  fallbackKind: 'Notification',
  /** A resolved alert's kind line, and its resolution when the server sent no words. */
  resolvedKind: (kind: string) => `${kind} · resolved`,
  resolvedAt: (iso: string) => `Resolved at ${clock(iso)}.`,
  why: {
    button: 'Why this alert?',
    hide: 'Hide the reasons',
    loading: 'Loading the evidence…',
    failed: "We couldn't load the evidence for this alert.",
    none: 'No evidence was stored for this alert.',
    /** The one sentence that leads, by alert kind; `zone` is its name, or the words below when it is gone. */
    plain: {
      geofence_enter_avoid: (zone: string, at: string) => `You went into ${zone} at ${clock(at)}.`,
      geofence_dwell: (zone: string, ms: number) => `You were inside ${zone} for ${formatDuration(ms)}.`,
      dwellNoTime: (zone: string) => `You stayed inside ${zone} longer than the time you set for it.`,
      geofence_exit_safe: (zone: string, at: string) => `You left ${zone} at ${clock(at)}.`,
      geofence_schedule: (zone: string, at: string) =>
        `You were away from ${zone} at ${clock(at)}, during the hours you planned to be there.`,
    },
    someAvoidZone: 'a place you chose to avoid',
    someSafeZone: 'one of your safe places',
    details: 'Details',
    hideDetails: 'Hide the details',
    rule: 'Rule',
    margin: (metres: number) => `Safety margin: ${Math.round(metres)} m`,
    fixes: 'Fixes that confirmed it',
    accuracy: (metres: number) => `accuracy ±${Math.round(metres)} m`,
    distance: (metres: number) =>
      metres >= 0 ? `${Math.round(metres)} m outside the edge` : `${Math.round(-metres)} m inside the edge`,
    onMap: 'The fixes are drawn on the map, numbered in this order.',
  },
} as const

/** The words of an alert's next-step button, by the screen it leads to. */
export function nextStepLabel(link: string): string {
  if (link.startsWith('/crisis')) return 'Get support now'
  if (link.startsWith('/checkins')) return 'See your check-ins'
  if (link.startsWith('/checkin')) return 'Check in now'
  if (link.startsWith('/gps')) return 'See your bracelet'
  if (link.startsWith('/settings')) return 'Open settings'
  return 'Take a look'
}

/** "Why this alert?": who was told and when. */
export const deliveriesText = {
  title: 'Who was told',
  none: 'Nobody else has been told about this alert.',
  channels: { email: 'email', webhook: 'webhook', app: 'in the app', push: 'push' } as Record<string, string>,
  states: { pending: 'waiting', sent: 'sent', failed: 'failed', skipped: 'not sent' } as Record<string, string>,
  sentAt: (iso: string) => `sent ${clock(iso)}`,
  dueAt: (iso: string) => `due ${clock(iso)}`,
  why: (reason: string) => `why: ${reason}`,
  /** After an SOS closed, the short line each channel carried. */
  resolution: 'the "safe now" line',
  /** A supporter's step, in the same timeline (claim.go's kinds). */
  steps: {
    claimed: (who: string, at: string) => `${who} said "I'm on it" · ${clock(at)}`,
    handed_back: (who: string, at: string) => `${who} handed it back · ${clock(at)}`,
    resolved: (who: string, at: string) => `${who} resolved it · ${clock(at)}`,
    reminded: (who: string, at: string) => `${who} was reminded · ${clock(at)}`,
  } as Record<string, (who: string, at: string) => string>,
  via: { email: 'from the email', push: 'from a notification', ntfy: 'from ntfy', app: 'in the app' } as Record<string, string>,
  note: (note: string) => `"${note}"`,
}

/** Who is on an alert, and the note that ended it, on the wearer's alert list. */
export const claimText = {
  onIt: (who: string) => `${who} is on it.`,
  wrote: (who: string) => `${who} wrote:`,
}
