import { queryOptions, useQuery } from '@tanstack/react-query'

import type { SafetyPlan } from '../types'
import { normalizePlan } from './get-plan'
import { planKeys } from './plan-keys'

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
  return {
    plan: normalizePlan('safety-plan', (await res.json()) as Partial<SafetyPlan> | null),
    savedAt: res.headers.get('X-Lifeline-Saved-At'),
  }
}

export function useSavedSafetyPlan() {
  return useQuery(
    queryOptions({ queryKey: planKeys.saved('safety-plan'), queryFn: getSavedSafetyPlan, retry: false }),
  )
}
