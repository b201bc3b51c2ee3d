import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Instrument } from '../types'
import { measureKeys } from './measure-keys'

/** `GET /api/measures/instruments`: the four questionnaires as published (their words live on the server, once). */
export function getInstruments({ signal }: { signal?: AbortSignal } = {}): Promise<Instrument[]> {
  return apiGet<Instrument[]>('/api/measures/instruments', { signal })
}

export function getInstrumentsQueryOptions() {
  return queryOptions({
    queryKey: measureKeys.instruments(),
    queryFn: ({ signal }) => getInstruments({ signal }),
    // The wording changes only with a new server.
    staleTime: Infinity,
  })
}

export function useInstruments() {
  return useQuery(getInstrumentsQueryOptions())
}
