import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { OpenSos } from '../types'
import { sosKeys } from './sos-keys'

/** `GET /api/sos`: the wearer's open SOS, or null. */
export async function getOpenSos({ signal }: { signal?: AbortSignal } = {}): Promise<OpenSos | null> {
  return (await apiGet<OpenSos | null>(queryKeyToUrl(sosKeys.open()), { signal })) ?? null
}

export function getOpenSosQueryOptions() {
  return queryOptions({ queryKey: sosKeys.open(), queryFn: ({ signal }) => getOpenSos({ signal }) })
}

/** The open SOS, kept fresh by the `sos` live event (the wearer's other tabs raise and close it too). */
export function useOpenSos() {
  return useQuery(getOpenSosQueryOptions())
}
