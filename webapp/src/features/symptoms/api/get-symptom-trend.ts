import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import { TREND_DAYS } from '../content'
import type { SymptomDay } from '../types'
import { symptomKeys } from './symptom-keys'

/** `GET /api/symptoms/trend?days=`: one entry per local date, oldest first (docs/api.md). */
export async function getSymptomTrend(days: number, { signal }: { signal?: AbortSignal } = {}): Promise<SymptomDay[]> {
  const list = await apiGet<SymptomDay[] | null>(`/api/symptoms/trend?days=${days}`, { signal })
  return list ?? []
}

export function getSymptomTrendQueryOptions(days: number = TREND_DAYS) {
  return queryOptions({
    queryKey: symptomKeys.trend(days),
    queryFn: ({ signal }) => getSymptomTrend(days, { signal }),
  })
}

export function useSymptomTrend(days: number = TREND_DAYS) {
  return useQuery(getSymptomTrendQueryOptions(days))
}
