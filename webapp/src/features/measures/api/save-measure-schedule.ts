import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { MeasureSchedule } from '../types'
import { measureKeys } from './measure-keys'

/** `PUT /api/measures/schedule`: answers with every schedule. */
export async function saveMeasureSchedule(schedules: MeasureSchedule[]): Promise<MeasureSchedule[]> {
  const res = await apiRequest('PUT', '/api/measures/schedule', { schedules })
  return (await res.json()) as MeasureSchedule[]
}

export function useSaveMeasureSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: measureKeys.saveSchedule(),
    mutationFn: saveMeasureSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureKeys.all }),
  })
}
