import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Signal } from '../types'
import { signalKeys } from './signal-keys'

/** `GET /api/signals`: my early-warning signals; an empty list says nothing is unusual. */
export async function getSignals({ signal }: { signal?: AbortSignal } = {}): Promise<Signal[]> {
  return (await apiGet<{ signals: Signal[] | null }>('/api/signals', { signal })).signals ?? []
}

export function getSignalsQueryOptions() {
  return queryOptions({ queryKey: signalKeys.all, queryFn: ({ signal }) => getSignals({ signal }) })
}

export function useSignals() {
  return useQuery(getSignalsQueryOptions())
}
