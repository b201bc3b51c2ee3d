/** A day's check-in as the server returns it (docs/api.md, SPEC.md §3). */
export type CheckIn = {
  id: number
  /** The user's local calendar date, `YYYY-MM-DD`. */
  date: string
  /** RFC 3339, UTC. */
  createdAt?: string
  mood: number
  cravingIntensity: number
  moodDescription: string
  /** Trigger option ids (SPEC.md §3). */
  triggers: string[]
  triggerDescription: string
  substanceUse: boolean
  substanceDetails: string
  /** Coping option ids (SPEC.md §3). */
  copingStrategies: string[]
  notes: string
}

/** `GET /api/stats`: every figure counted in the user's time zone as of their today (docs/api.md). */
export type Stats = {
  /** Consecutive local dates with a check-in, ending today (or yesterday while today is open). */
  streakDays: number
  /** Check-ins in the last 7 local dates, today included (0..7). */
  weeklyCheckins: number
  /** Mean of those check-ins, one decimal; null when there are none. */
  avgMood: number | null
  avgCravings: number | null
  /** Days since the last reported use, or since the first check-in; null before the first. */
  daysSinceSubstanceUse: number | null
  /** Whether daysSinceSubstanceUse counts from a reported use. */
  substanceUseReported: boolean
}

/** A range of local dates, both ends inclusive and optional (`YYYY-MM-DD`). */
export type DateRange = {
  from?: string
  to?: string
}

/** `GET /api/checkins` query: newest first; `before` pages back (exclusive). */
export type CheckInListParams = DateRange & {
  limit?: number
  before?: string
}
