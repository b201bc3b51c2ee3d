import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { MeasureStatus } from '../types'
import { measureKeys } from './measure-keys'

/** `GET /api/measures`: each instrument with its schedule, newest scores and whether it is due. */
export function getMeasures({ signal }: { signal?: AbortSignal } = {}): Promise<MeasureStatus[]> {
  return apiGet<MeasureStatus[]>('/api/measures', { signal })
}

export function getMeasuresQueryOptions() {
  return queryOptions({ queryKey: measureKeys.statuses(), queryFn: ({ signal }) => getMeasures({ signal }) })
}

export function useMeasures() {
  return useQuery(getMeasuresQueryOptions())
}
