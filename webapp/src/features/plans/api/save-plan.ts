import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { PlanInput, PlanKind, Plans } from '../types'
import { normalizePlan } from './get-plan'
import { planKeys } from './plan-keys'

/** `PUT /api/safety-plan` or `/api/coping-plan`: replaces the whole plan; 200 with the saved plan. */
export async function savePlan<K extends PlanKind>(kind: K, input: PlanInput<K>): Promise<Plans[K]> {
  const res = await apiRequest('PUT', `/api/${kind}`, input)
  return normalizePlan(kind, (await res.json()) as Partial<Plans[K]>)
}

/** Saves the plan and keeps the server's answer as the cached plan (no second request). */
export function useSavePlan<K extends PlanKind>(kind: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: planKeys.save(kind),
    mutationFn: (input: PlanInput<K>) => savePlan(kind, input),
    onSuccess: (plan) => queryClient.setQueryData(planKeys.detail(kind), plan),
  })
}
