import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { AppConfig } from '../types'
import { gpsKeys } from './gps-keys'

/** `GET /api/app-config`: the map's tile URL template ("" = no base map) and its attribution. */
export function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> {
  return apiGet<AppConfig>('/api/app-config', { signal })
}

export function useAppConfig() {
  return useQuery(
    queryOptions({
      queryKey: gpsKeys.appConfig(),
      queryFn: ({ signal }) => getAppConfig({ signal }),
    }),
  )
}
