import { useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { SosListener } from '../types'
import { sosKeys } from './sos-keys'

/** `GET /api/sos/audience`: who an SOS reaches now, and by which kinds of channel (never an address). */
export async function getSosAudience({ signal }: { signal?: AbortSignal } = {}): Promise<SosListener[]> {
  return (await apiGet<SosListener[] | null>(queryKeyToUrl(sosKeys.audience()), { signal })) ?? []
}

/** Who will hear outside the app, and who only when they open Lifeline. */
export type SosAudience = { all: SosListener[]; outside: SosListener[]; appOnly: SosListener[] }

export function sosAudience(listeners: readonly SosListener[]): SosAudience {
  return {
    all: [...listeners],
    outside: listeners.filter((l) => l.channels.length > 0),
    appOnly: listeners.filter((l) => l.channels.length === 0),
  }
}

export function useSosAudience({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sosKeys.audience(),
    queryFn: ({ signal }) => getSosAudience({ signal }),
    select: sosAudience,
    enabled,
    // Asked again each time the dialog opens: a supporter may have set up a channel since.
    staleTime: 0,
  })
}
