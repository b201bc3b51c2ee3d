import { useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { SosSupporter } from '../types'
import { sosKeys } from './sos-keys'

/** `GET /api/supporters`, read for who an SOS reaches. */
export async function getSupporters({ signal }: { signal?: AbortSignal } = {}): Promise<SosSupporter[]> {
  return (await apiGet<SosSupporter[] | null>(queryKeyToUrl(sosKeys.supporters()), { signal })) ?? []
}

/** The names of the active supporters with the SOS scope: who "Alert my people now" tells. */
export function sosAudience(supporters: readonly SosSupporter[]): string[] {
  return supporters
    .filter((s) => s.status === 'active' && (s.grant.alerts ?? []).includes('sos'))
    .map((s) => s.label || s.name || 'A supporter')
}

export function useSosAudience({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sosKeys.supporters(),
    queryFn: ({ signal }) => getSupporters({ signal }),
    select: sosAudience,
    enabled,
  })
}
