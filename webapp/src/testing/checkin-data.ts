import type { Alert } from '@/features/alerts/types'
import type { CheckIn, Stats } from '@/features/checkins/types'

let nextId = 1

/** A check-in as the server returns it; override what a test is about. */
export function makeCheckin(overrides: Partial<CheckIn> = {}): CheckIn {
  const id = overrides.id ?? nextId++
  return {
    id,
    date: '2026-11-22',
    createdAt: '2026-11-22T09:00:00Z',
    updatedAt: null,
    mood: 6,
    cravingIntensity: 2,
    moodDescription: '',
    triggers: [],
    triggerDescription: '',
    substanceUse: false,
    substanceDetails: '',
    copingStrategies: [],
    notes: '',
    ...overrides,
  }
}

export function makeStats(overrides: Partial<Stats> = {}): Stats {
  return {
    streakDays: 0,
    weeklyCheckins: 0,
    avgMood: null,
    avgCravings: null,
    daysSinceSubstanceUse: null,
    substanceUseReported: false,
    soberDate: null,
    useSinceSoberDate: null,
    ...overrides,
  }
}

export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  const id = overrides.id ?? nextId++
  return {
    id,
    type: 'milestone',
    message: `Alert ${id}`,
    link: '',
    isRead: false,
    // An hour ago: a recent alert, on show (older than a day, it folds away).
    createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    ...overrides,
  }
}
