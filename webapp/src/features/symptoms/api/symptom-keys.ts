/**
 * Query and mutation keys of the symptoms feature. Every change to a log
 * invalidates `all` (the list and the trend) through this factory.
 */
export const symptomKeys = {
  all: ['/api', 'symptoms'] as const,
  lists: () => [...symptomKeys.all, 'list'] as const,
  trend: (days: number) => [...symptomKeys.all, 'trend', days] as const,
  create: () => [...symptomKeys.all, 'create'] as const,
  update: () => [...symptomKeys.all, 'update'] as const,
  remove: () => [...symptomKeys.all, 'delete'] as const,
}
