import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { MeasureSchedule } from '../types'
import { measureKeys } from './measure-keys'

/** `GET /api/measures/schedule`: how often each instrument asks (0 is off). */
export function getMeasureSchedule({ signal }: { signal?: AbortSignal } = {}): Promise<MeasureSchedule[]> {
  return apiGet<MeasureSchedule[]>('/api/measures/schedule', { signal })
}

export function getMeasureScheduleQueryOptions() {
  return queryOptions({ queryKey: measureKeys.schedule(), queryFn: ({ signal }) => getMeasureSchedule({ signal }) })
}

export function useMeasureSchedule() {
  return useQuery(getMeasureScheduleQueryOptions())
}
