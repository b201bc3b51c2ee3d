import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'

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

/**
 * Refetches every cached alert list. Other screens call it after an action
 * that can raise alerts (a check-in can raise a milestone or a concern).
 */
export function useRefreshAlerts(): () => Promise<void> {
  const queryClient = useQueryClient()
  return React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: alertKeys.all, refetchType: 'all' }),
    [queryClient],
  )
}
