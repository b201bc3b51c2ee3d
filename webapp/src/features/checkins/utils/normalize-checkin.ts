import type { CheckIn } from '../types'

/** The server may send null for an empty list; the screens always get arrays. */
export function normalizeCheckIn(c: CheckIn): CheckIn {
  return {
    ...c,
    moodDescription: c.moodDescription ?? '',
    triggers: c.triggers ?? [],
    triggerDescription: c.triggerDescription ?? '',
    substanceDetails: c.substanceDetails ?? '',
    copingStrategies: c.copingStrategies ?? [],
    notes: c.notes ?? '',
  }
}
