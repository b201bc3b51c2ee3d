import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import { copingSectionOrder, safetySectionOrder } from '../content'
import type { PlanKind, Plans } from '../types'
import { planKeys } from './plan-keys'

const sectionsOf: Record<PlanKind, readonly string[]> = {
  'safety-plan': safetySectionOrder,
  'coping-plan': copingSectionOrder,
}

/** Every section a list, whatever the server sent. */
export function normalizePlan<K extends PlanKind>(kind: K, plan: Partial<Plans[K]> | null): Plans[K] {
  const sent: Partial<Record<string, unknown>> = plan ?? {}
  const normalized: Record<string, unknown> = { updatedAt: sent.updatedAt ?? null }
  for (const key of sectionsOf[kind]) normalized[key] = sent[key] ?? []
  return normalized as Plans[K]
}

/** `GET /api/safety-plan` or `/api/coping-plan`: the saved plan, or an empty one (`updatedAt: null`). */
export async function getPlan<K extends PlanKind>(kind: K, { signal }: { signal?: AbortSignal } = {}): Promise<Plans[K]> {
  return normalizePlan(kind, await apiGet<Partial<Plans[K]> | null>(`/api/${kind}`, { signal }))
}

export function getPlanQueryOptions<K extends PlanKind>(kind: K) {
  return queryOptions({
    queryKey: planKeys.detail(kind),
    queryFn: ({ signal }) => getPlan(kind, { signal }),
  })
}

export function usePlan<K extends PlanKind>(kind: K) {
  return useQuery(getPlanQueryOptions(kind))
}
