/** Query and mutation keys of the safety plan feature. */
export const safetyPlanKeys = {
  all: ['/api', 'safety-plan'] as const,
  detail: () => [...safetyPlanKeys.all, 'detail'] as const,
  save: () => [...safetyPlanKeys.all, 'save'] as const,
}
