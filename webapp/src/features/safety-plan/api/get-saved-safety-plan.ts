import { queryOptions, useQuery } from '@tanstack/react-query'

import type { SafetyPlan } from '../types'
import { normalizeSafetyPlan } from './get-safety-plan'
import { safetyPlanKeys } from './safety-plan-keys'

export type SavedSafetyPlan = {
  plan: SafetyPlan
  /** When this device saved the copy (the service worker's `X-Lifeline-Saved-At`); null when it is fresh from the server. */
  savedAt: string | null
}

/**
 * Offline, `GET /api/safety-plan` is answered by the service worker with the
 * last copy this device saw. Null when there is none (or it was cleared at
 * sign-out).
 */
export async function getSavedSafetyPlan(): Promise<SavedSafetyPlan | null> {
  const res = await fetch('/api/safety-plan', { credentials: 'include' }).catch(() => null)
  if (!res?.ok) return null
  return { plan: normalizeSafetyPlan((await res.json()) as Partial<SafetyPlan> | null), savedAt: res.headers.get('X-Lifeline-Saved-At') }
}

export function useSavedSafetyPlan() {
  return useQuery(
    queryOptions({ queryKey: safetyPlanKeys.saved(), queryFn: getSavedSafetyPlan, retry: false }),
  )
}
