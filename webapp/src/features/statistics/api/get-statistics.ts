import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Statistic } from '../types'
import { statisticsKeys } from './statistics-keys'

/** `GET /api/statistics`: prevalence, then trends, then impact. */
export function getStatistics({ signal }: { signal?: AbortSignal } = {}): Promise<Statistic[]> {
  return apiGet<Statistic[]>('/api/statistics', { signal })
}

export function getStatisticsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKeys.list(),
    queryFn: ({ signal }) => getStatistics({ signal }),
  })
}

export function useStatistics() {
  return useQuery(getStatisticsQueryOptions())
}
