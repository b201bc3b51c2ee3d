import {
  BookOpen,
  Bot,
  CalendarCheck,
  ChartColumn,
  ClipboardList,
  HandHeart,
  HeartPulse,
  LayoutDashboard,
  LifeBuoy,
  ListOrdered,
  MapPin,
  Users,
  Newspaper,
  type LucideIcon,
} from 'lucide-react'

import { routes } from '@/config/routes'

/** Every text of the navigation shell (docs/spec.md §2 "Navigation shell"), in one place for the shell and its tests. */
export const shellText = {
  brand: 'Lifeline',
  home: 'Lifeline home',
  skipLink: 'Skip to main content',
  mainNav: 'Main',
  careNav: 'Care circle',
  progressNav: 'Your progress',
  tabNav: 'Sections',
  fallbackFirstName: 'User',
  fallbackInitials: 'U',
  encouragement: 'Keep going strong!',
  quickActions: 'Quick Actions',
  quickCheckin: 'Quick Check-in',
  needHelpNow: 'Need Help Now',
  settings: 'Settings',
  signOut: 'Sign Out',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  account: 'Your account',
  sidebar: 'Sidebar',
} as const

export type NavItem = {
  label: string
  path: string
  icon: LucideIcon
}

/** The nine items, in docs/spec.md's order. */
export const navItems: readonly NavItem[] = [
  { label: routes.home.label, path: routes.home.path, icon: LayoutDashboard },
  { label: routes.checkin.label, path: routes.checkin.path, icon: CalendarCheck },
  { label: routes.symptoms.label, path: routes.symptoms.path, icon: HeartPulse },
  { label: routes.education.label, path: routes.education.path, icon: BookOpen },
  { label: routes.blog.label, path: routes.blog.path, icon: Newspaper },
  { label: routes.statistics.label, path: routes.statistics.path, icon: ChartColumn },
  { label: routes.chatbot.label, path: routes.chatbot.path, icon: Bot },
  { label: routes.gps.label, path: routes.gps.path, icon: MapPin },
  { label: routes.crisis.label, path: routes.crisis.path, icon: LifeBuoy },
]

/**
 * The phone's bottom bar: five items at most, so none is ever scrolled out
 * of sight on a 360 px screen, and Crisis Resources always among them (drawn
 * apart, in red). The other items are in the top bar's menu.
 */
const tabPaths: readonly string[] = [routes.home.path, routes.checkin.path, routes.chatbot.path, routes.gps.path, routes.crisis.path]
export const tabItems: readonly NavItem[] = navItems.filter((item) => tabPaths.includes(item.path))

/** Measurement-based care (issue 31): the validated questionnaires, beside the spec's nine items. */
export const progressNavItems: readonly NavItem[] = [
  { label: routes.measures.label, path: routes.measures.path, icon: ClipboardList },
]

/** The care circle's two screens: your own supporters, and the people you support (for everyone). */
export const careNavItems: readonly NavItem[] = [
  { label: routes.careCircle.label, path: routes.careCircle.path, icon: Users },
  { label: routes.supporting.label, path: routes.supporting.path, icon: HandHeart },
  { label: routes.caseload.label, path: routes.caseload.path, icon: ListOrdered },
]
