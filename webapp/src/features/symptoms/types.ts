/** A symptom log entry as the server returns it (docs/api.md "Symptom Tracker", docs/spec.md §3). */
export type SymptomLog = {
  id: number
  /** Empty when not chosen. */
  physicalSymptom: string
  /** 1..10, or null when not given. */
  physicalSeverity: number | null
  mentalSymptom: string
  mentalSeverity: number | null
  duration: string
  notes: string
  /** When it was logged, RFC 3339. */
  date: string
  updatedAt?: string
}

/** The body of `POST /api/symptoms` and `PATCH /api/symptoms/{id}`: exactly docs/spec.md §7's six fields. */
export type SymptomInput = {
  physicalSymptom: string
  physicalSeverity: number | null
  mentalSymptom: string
  mentalSeverity: number | null
  duration: string
  notes: string
}

/** One day of `GET /api/symptoms/trend`: averages to one decimal, null on a day without that severity. */
export type SymptomDay = {
  /** The user's local date, `YYYY-MM-DD`. */
  date: string
  physicalSeverity: number | null
  mentalSeverity: number | null
  logs: number
}
