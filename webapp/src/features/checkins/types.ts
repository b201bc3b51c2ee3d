import type { ApiSchema, Assert, SameShape } from '@/lib/api-schema'
import type { operations } from '@/lib/api-types'

/** A day's check-in as the server returns it (api/openapi.yaml, docs/spec.md §3). */
export type CheckIn = ApiSchema<'CheckIn'>

/** `GET /api/stats`: every figure counted in the user's time zone as of their today (api/openapi.yaml). */
export type Stats = ApiSchema<'Stats'>

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

export type DocumentChecks = [Assert<SameShape<CheckInListParams, NonNullable<operations['listCheckIns']['parameters']['query']>>>]
