import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { CopingPlan } from '../types'
import { copingPlanKeys } from './coping-plan-keys'

/** Every section a list, whatever the server sent. */
export function normalizeCopingPlan(plan: Partial<CopingPlan> | null): CopingPlan {
  return {
    warningSigns: plan?.warningSigns ?? [],
    triggersToAvoid: plan?.triggersToAvoid ?? [],
    copingActions: plan?.copingActions ?? [],
    peopleToCall: plan?.peopleToCall ?? [],
    safePlaces: plan?.safePlaces ?? [],
    updatedAt: plan?.updatedAt ?? null,
  }
}

/** `GET /api/coping-plan`: the saved plan, or an empty one (`updatedAt: null`). */
export async function getCopingPlan({ signal }: { signal?: AbortSignal } = {}): Promise<CopingPlan> {
  return normalizeCopingPlan(await apiGet<Partial<CopingPlan> | null>('/api/coping-plan', { signal }))
}

export function getCopingPlanQueryOptions() {
  return queryOptions({
    queryKey: copingPlanKeys.detail(),
    queryFn: ({ signal }) => getCopingPlan({ signal }),
  })
}

export function useCopingPlan() {
  return useQuery(getCopingPlanQueryOptions())
}
