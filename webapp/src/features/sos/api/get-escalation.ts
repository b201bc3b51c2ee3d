import { useQuery } from '@tanstack/react-query'

import { apiGet, queryKeyToUrl } from '@/lib/api-client'

import type { EscalationSettings } from '../types'
import { sosKeys } from './sos-keys'

/** `GET /api/escalation`: when supporters are told of an alert. */
export function useEscalation() {
  return useQuery({
    queryKey: sosKeys.escalation(),
    queryFn: ({ signal }) => apiGet<EscalationSettings>(queryKeyToUrl(sosKeys.escalation()), { signal }),
  })
}
