import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { AlertDetail } from '../types'
import { alertKeys } from './alert-keys'

/** `GET /api/alerts/{id}`: the alert with the evidence behind it ("Why this alert?"). */
export function getAlert(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<AlertDetail> {
  return apiGet<AlertDetail>(queryKeyToUrl(alertKeys.detail(id)), { signal })
}

export function getAlertQueryOptions(id: number) {
  return queryOptions({
    queryKey: alertKeys.detail(id),
    queryFn: ({ signal }) => getAlert(id, { signal }),
  })
}

export function useAlertDetail(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAlertQueryOptions(id), enabled })
}
