/**
 * docs/spec.md §4 streak tiers. Tiers by days: 0 starts; 1 a first day; under 7
 * building momentum; under 30 habits; under 90 transformation; under 365
 * commitment; 365 or more the top tier. The icon changes at 7, 30, 90 and 365
 * days; the next milestone is the first of 7, 30, 90, 365 above the streak;
 * the progress bar fills within the current tier (from the milestone below
 * to the next one), capped at 100%.
 */

export type StreakIcon = 'seedling' | 'leaf' | 'tree' | 'fire' | 'crown'

export type StreakTierId = 'start' | 'first' | 'momentum' | 'habits' | 'transformation' | 'commitment' | 'legend'

export type StreakTier = {
  id: StreakTierId
  message: string
  icon: StreakIcon
}

export type Milestone = {
  days: number
  label: string
}

/** docs/spec.md §9: streak milestones 7, 30, 90, 365. */
export const MILESTONES: readonly Milestone[] = [
  { days: 7, label: '1 week' },
  { days: 30, label: '1 month' },
  { days: 90, label: '3 months' },
  { days: 365, label: '1 year' },
]

const tierMessages: Record<StreakTierId, string> = {
  start: 'Every journey starts with a single day. Check in today to begin.',
  first: 'Day one is done. What a great start!',
  momentum: "You're building momentum. Keep showing up for yourself.",
  habits: 'Healthy habits are taking root.',
  transformation: 'A real transformation is under way.',
  commitment: 'Your commitment is inspiring.',
  legend: 'A year and more of showing up. Truly remarkable.',
}

function wholeDays(days: number): number {
  return Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0
}

export function streakIcon(days: number): StreakIcon {
  const d = wholeDays(days)
  if (d >= 365) return 'crown'
  if (d >= 90) return 'fire'
  if (d >= 30) return 'tree'
  if (d >= 7) return 'leaf'
  return 'seedling'
}

export function streakTier(days: number): StreakTier {
  const d = wholeDays(days)
  let id: StreakTierId
  if (d === 0) id = 'start'
  else if (d === 1) id = 'first'
  else if (d < 7) id = 'momentum'
  else if (d < 30) id = 'habits'
  else if (d < 90) id = 'transformation'
  else if (d < 365) id = 'commitment'
  else id = 'legend'
  return { id, message: tierMessages[id], icon: streakIcon(d) }
}

/** The next milestone above the streak, or null at 365 days and beyond ("You're a legend!"). */
export function nextMilestone(days: number): (Milestone & { remaining: number }) | null {
  const d = wholeDays(days)
  const next = MILESTONES.find((m) => m.days > d)
  return next ? { ...next, remaining: next.days - d } : null
}

/** Percent (0..100) of the way through the current tier, towards the next milestone. */
export function tierProgress(days: number): number {
  const d = wholeDays(days)
  const next = nextMilestone(d)
  if (!next) return 100
  const floor = [...MILESTONES].reverse().find((m) => m.days <= d)?.days ?? 0
  return Math.min(100, ((d - floor) / (next.days - floor)) * 100)
}
