import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { Alert } from '../types'
import { alertKeys } from './alert-keys'

/** `GET /api/alerts`: the newest 100 alerts, newest first. */
export async function getAlerts({ signal }: { signal?: AbortSignal } = {}): Promise<Alert[]> {
  return (await apiGet<Alert[] | null>(queryKeyToUrl(alertKeys.list()), { signal })) ?? []
}

export function getAlertsQueryOptions() {
  return queryOptions({
    queryKey: alertKeys.list(),
    queryFn: ({ signal }) => getAlerts({ signal }),
  })
}

export function useAlerts() {
  return useQuery(getAlertsQueryOptions())
}
