import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { CopingPlan, CopingPlanInput } from '../types'
import { copingPlanKeys } from './coping-plan-keys'
import { normalizeCopingPlan } from './get-coping-plan'

/** `PUT /api/coping-plan`: replaces the whole plan; 200 with the saved plan. */
export async function saveCopingPlan(input: CopingPlanInput): Promise<CopingPlan> {
  const res = await apiRequest('PUT', '/api/coping-plan', input)
  return normalizeCopingPlan((await res.json()) as Partial<CopingPlan>)
}

/** Saves the plan and keeps the server's answer as the cached plan (no second request). */
export function useSaveCopingPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: copingPlanKeys.save(),
    mutationFn: saveCopingPlan,
    onSuccess: (plan) => queryClient.setQueryData(copingPlanKeys.detail(), plan),
  })
}
