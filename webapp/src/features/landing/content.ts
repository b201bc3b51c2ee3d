import {
  BellRing,
  BookOpen,
  CalendarCheck,
  ChartLine,
  HeartPulse,
  LifeBuoy,
  type LucideIcon,
} from 'lucide-react'

/** Every text of the landing page (docs/spec.md §1 and §2), kept in one place for the screen and its tests. */
export const landingText = {
  brand: 'Lifeline',
  skipLink: 'Skip to main content',
  hero: {
    eyebrow: 'Recovery support, one day at a time',
    title: 'Your personal companion for wellness support and progress tracking',
    description:
      'Check in each day, notice what helps, learn new skills and reach support the moment you need it, all in one calm and private place made for people in recovery.',
    cta: 'Get Started Today',
  },
  features: {
    title: 'Everything you need on the path to recovery',
    description: 'Small daily steps add up. Lifeline keeps them in one place, at your pace.',
  },
  closing: {
    title: 'Ready to take the next step?',
    description:
      "Recovery isn't a straight line, and you don't have to walk it alone. Start today, and we'll be here for every day after.",
    cta: 'Sign In to Get Started',
  },
  crisis: {
    title: 'Need help right now?',
    description: 'Call or text 988 for free, confidential support, any time. In an emergency, call 911.',
    callLabel: 'Call 988',
    resourcesLabel: 'Crisis resources',
  },
  footer: 'Lifeline is a support tool, not a replacement for professional care.',
} as const

export type LandingFeature = {
  title: string
  description: string
  icon: LucideIcon
}

/** The six features, in docs/spec.md's order. */
export const landingFeatures: readonly LandingFeature[] = [
  {
    title: 'Daily Check-ins',
    description:
      'Take a quiet moment each day to note your mood, cravings and the things that helped you cope.',
    icon: CalendarCheck,
  },
  {
    title: 'Symptom Tracking',
    description:
      'Log physical and mental symptoms and see how your body and mind are healing over time.',
    icon: HeartPulse,
  },
  {
    title: 'Educational Resources',
    description: 'Learn practical recovery skills through articles and stories written with care.',
    icon: BookOpen,
  },
  {
    title: 'Progress Dashboard',
    description: 'Watch your streaks, moods and milestones grow, and celebrate every step forward.',
    icon: ChartLine,
  },
  {
    title: 'Smart Alerts',
    description:
      'Gentle reminders and early notice when your patterns suggest a little extra support could help.',
    icon: BellRing,
  },
  {
    title: 'Crisis Support',
    description:
      'Hotlines, trusted contacts and calming strategies, ready the moment you need them.',
    icon: LifeBuoy,
  },
]
