/** Every text of the dashboard's alerts, in one place for the component and its tests. */

/** SPEC.md Dashboard: at most 3 unread alerts. */
export const MAX_VISIBLE_ALERTS = 3

export const alertsText = {
  title: 'Alerts for you',
  dismiss: 'Dismiss notification',
  // SPEC.md Dashboard: '+N more notifications' (one is singular).
  more: (n: number) => `+${n} more ${n === 1 ? 'notification' : 'notifications'}`,
  kinds: {
    milestone: 'Milestone',
    missed_checkin: 'Reminder',
    concerning_pattern: 'Checking in on you',
    low_battery: 'Bracelet battery',
    device_offline: 'Bracelet offline',
  } as Record<string, string>,
  fallbackKind: 'Notification',
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
