import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { SafetyPlan } from '../types'
import { safetyPlanKeys } from './safety-plan-keys'

/** Every section a list, whatever the server sent. */
export function normalizeSafetyPlan(plan: Partial<SafetyPlan> | null): SafetyPlan {
  return {
    warningSigns: plan?.warningSigns ?? [],
    copingStrategies: plan?.copingStrategies ?? [],
    distractionPeoplePlaces: plan?.distractionPeoplePlaces ?? [],
    helpPeople: plan?.helpPeople ?? [],
    professionals: plan?.professionals ?? [],
    environmentSafety: plan?.environmentSafety ?? [],
    reasonsForLiving: plan?.reasonsForLiving ?? [],
    updatedAt: plan?.updatedAt ?? null,
  }
}

/** `GET /api/safety-plan`: the saved plan, or an empty one (`updatedAt: null`). */
export async function getSafetyPlan({ signal }: { signal?: AbortSignal } = {}): Promise<SafetyPlan> {
  return normalizeSafetyPlan(await apiGet<Partial<SafetyPlan> | null>('/api/safety-plan', { signal }))
}

export function getSafetyPlanQueryOptions() {
  return queryOptions({
    queryKey: safetyPlanKeys.detail(),
    queryFn: ({ signal }) => getSafetyPlan({ signal }),
  })
}

export function useSafetyPlan() {
  return useQuery(getSafetyPlanQueryOptions())
}
