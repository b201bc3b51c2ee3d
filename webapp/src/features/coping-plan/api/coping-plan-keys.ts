/** Query and mutation keys of the coping plan feature. */
export const copingPlanKeys = {
  all: ['/api', 'coping-plan'] as const,
  detail: () => [...copingPlanKeys.all, 'detail'] as const,
  save: () => [...copingPlanKeys.all, 'save'] as const,
}
