import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { SafetyPlan, SafetyPlanInput } from '../types'
import { normalizeSafetyPlan } from './get-safety-plan'
import { safetyPlanKeys } from './safety-plan-keys'

/** `PUT /api/safety-plan`: replaces the whole plan; 200 with the saved plan. */
export async function saveSafetyPlan(input: SafetyPlanInput): Promise<SafetyPlan> {
  const res = await apiRequest('PUT', '/api/safety-plan', input)
  return normalizeSafetyPlan((await res.json()) as Partial<SafetyPlan>)
}

/** Saves the plan and keeps the server's answer as the cached plan (no second request). */
export function useSaveSafetyPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: safetyPlanKeys.save(),
    mutationFn: saveSafetyPlan,
    onSuccess: (plan) => queryClient.setQueryData(safetyPlanKeys.detail(), plan),
  })
}
