import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CheckIn, CheckInListParams } from '../types'
import { normalizeCheckIn } from '../utils/normalize-checkin'
import { checkinKeys } from './checkin-keys'

/** `/api/checkins?limit=&before=&from=&to=`, leaving out what is not set. */
export function checkinsUrl(params: CheckInListParams = {}): string {
  const query = new URLSearchParams()
  if (params.limit !== undefined) query.set('limit', String(params.limit))
  if (params.before) query.set('before', params.before)
  if (params.from) query.set('from', params.from)
  if (params.to) query.set('to', params.to)
  const search = query.toString()
  return search ? `/api/checkins?${search}` : '/api/checkins'
}

/** `GET /api/checkins`: the user's check-ins, newest first. */
export async function getCheckins(
  params: CheckInListParams = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckIn[]> {
  const list = await apiGet<CheckIn[] | null>(checkinsUrl(params), { signal })
  return (list ?? []).map(normalizeCheckIn)
}

export function getCheckinsQueryOptions(params: CheckInListParams = {}) {
  return queryOptions({
    queryKey: checkinKeys.list(params),
    queryFn: ({ signal }) => getCheckins(params, { signal }),
  })
}

export type UseCheckinsOptions = {
  /** Keep showing the previous result while another one loads (the calendar's months). */
  keepPrevious?: boolean
}

export function useCheckins(params: CheckInListParams = {}, { keepPrevious = false }: UseCheckinsOptions = {}) {
  return useQuery({
    ...getCheckinsQueryOptions(params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
}
