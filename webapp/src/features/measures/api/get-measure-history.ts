import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { MeasureResponse } from '../types'
import { measureKeys } from './measure-keys'

/** `GET /api/measures/responses?instrument=`: my responses to one instrument, newest first. */
export function getMeasureHistory(instrument: string, { signal }: { signal?: AbortSignal } = {}): Promise<MeasureResponse[]> {
  return apiGet<MeasureResponse[]>(`/api/measures/responses?instrument=${encodeURIComponent(instrument)}&limit=100`, { signal })
}

export function getMeasureHistoryQueryOptions(instrument: string) {
  return queryOptions({
    queryKey: measureKeys.history(instrument),
    queryFn: ({ signal }) => getMeasureHistory(instrument, { signal }),
  })
}

export function useMeasureHistory(instrument: string) {
  return useQuery(getMeasureHistoryQueryOptions(instrument))
}
