import type { PlanKind } from '../types'

/** Query and mutation keys of the plans feature, one set per plan. */
export const planKeys = {
  all: (kind: PlanKind) => ['/api', kind] as const,
  detail: (kind: PlanKind) => [...planKeys.all(kind), 'detail'] as const,
  // The copy this device saved for offline use (see get-saved-safety-plan.ts).
  saved: (kind: PlanKind) => [...planKeys.all(kind), 'saved'] as const,
  save: (kind: PlanKind) => [...planKeys.all(kind), 'save'] as const,
}
