import type { ApiRequestBody, ApiSchema, Assert, Sendable, SameShape } from '@/lib/api-schema'

/**
 * A symptom log entry as the server returns it (api/openapi.yaml, docs/spec.md
 * §3): a symptom is empty when not chosen, a severity 1..10 or null when not
 * given, `date` when it was logged (RFC 3339).
 */
export type SymptomLog = ApiSchema<'SymptomLog'>

/** The body of `POST /api/symptoms` and `PATCH /api/symptoms/{id}`: exactly docs/spec.md §7's six fields. */
export type SymptomInput = {
  physicalSymptom: string
  physicalSeverity: number | null
  mentalSymptom: string
  mentalSeverity: number | null
  duration: string
  notes: string
}

/** One day of `GET /api/symptoms/trend` (the user's local date): averages to one decimal, null on a day without that severity. */
export type SymptomDay = ApiSchema<'SymptomDay'>

/** The form holds the duration as its select's text; the server checks it is one of the five (a 400 names it). */
export type DocumentChecks = [
  Assert<Sendable<Omit<SymptomInput, 'duration'>, Omit<ApiRequestBody<'createSymptom'>, 'duration'>>>,
  Assert<SameShape<keyof SymptomInput, keyof ApiRequestBody<'createSymptom'>>>,
]
