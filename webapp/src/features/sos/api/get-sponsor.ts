import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'
import { telHref } from '@/lib/tel'

import type { SafetyPlanContacts } from '../types'
import { sosKeys } from './sos-keys'

export type Sponsor = { name: string; href: string }

/** The first safety-plan contact with a number to dial, or null. */
export function firstCallable(plan: Partial<SafetyPlanContacts> | null | undefined): Sponsor | null {
  for (const c of plan?.professionals ?? []) {
    const href = telHref(c.phone)
    if (href) return { name: c.name, href }
  }
  return null
}

/** "Call my sponsor": read from `GET /api/safety-plan`. */
export function useSponsor() {
  return useQuery({
    queryKey: sosKeys.safetyPlan(),
    queryFn: ({ signal }) => apiGet<SafetyPlanContacts | null>('/api/safety-plan', { signal }),
    select: firstCallable,
  })
}
