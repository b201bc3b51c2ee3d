import type { ApiRequestBody, ApiResponse, ApiSchema } from '@/lib/api-schema'

/** An instrument as published (api/openapi.yaml Instrument): wording, options, bands, subscales, source. */
export type Instrument = ApiSchema<'Instrument'>
export type InstrumentItem = Instrument['items'][number]
export type MeasureBand = ApiSchema<'MeasureBand'>
export type InstrumentId = Instrument['id']

/** One instrument on the person's list: schedule, newest scores, next due. */
export type MeasureStatus = ApiSchema<'MeasureStatus'>
/** A response as its owner sees it: answers, scores, note. */
export type MeasureResponse = ApiSchema<'MeasureResponse'>
/** A response's scores without answers or note. */
export type MeasureScore = ApiSchema<'MeasureScore'>
export type MeasureSchedule = ApiSchema<'MeasureSchedule'>

/** The body of `POST /api/measures/responses` and what it answers. */
export type TakeMeasureInput = ApiRequestBody<'createMeasureResponse'>
export type TakeMeasureResult = ApiResponse<'createMeasureResponse', 201>

/** One line of a trend chart: a name and a value per result, oldest first. */
export type TrendSeries = { name: string; data: number[] }
