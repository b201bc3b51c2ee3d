/** Query and mutation keys of the safety plan feature. */
export const safetyPlanKeys = {
  all: ['/api', 'safety-plan'] as const,
  detail: () => [...safetyPlanKeys.all, 'detail'] as const,
  // The copy this device saved for offline use (see get-saved-safety-plan.ts).
  saved: () => [...safetyPlanKeys.all, 'saved'] as const,
  save: () => [...safetyPlanKeys.all, 'save'] as const,
}
