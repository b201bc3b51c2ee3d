/** Every text of the dashboard frame, in one place for the components and their tests. */
export const dashboardText = {
  pageTitle: 'Dashboard · Lifeline',
  /** "Welcome" until their first check-in: a brand-new person is not welcomed back. */
  welcome: (firstName: string, firstVisit = false) => (firstVisit ? `Welcome, ${firstName}!` : `Welcome back, ${firstName}!`),
  // docs/spec.md Dashboard, exact.
  checkedInToday: 'Last check-in: Today',
  notCheckedInToday: 'No check-in today',
  loading: 'Loading your dashboard…',
  quickLinks: 'Quick links',
  statsFailed: "We couldn't load your statistics.",
  checkinsFailed: "We couldn't load your recent check-ins.",
  retry: 'Try again',
} as const

export type QuickLink = {
  key: 'checkin' | 'symptoms' | 'education'
  title: string
  description: string
}

/** docs/spec.md Dashboard: the three quick-link cards, in order. */
export const quickLinks: readonly QuickLink[] = [
  { key: 'checkin', title: 'Daily Check-in', description: 'Reflect on your mood, cravings and coping today.' },
  { key: 'symptoms', title: 'Log Symptoms', description: 'Track physical and mental symptoms over time.' },
  { key: 'education', title: 'Learn & Grow', description: 'Articles and skills for your recovery journey.' },
]
