/**
 * Query and mutation keys of the crisis feature: the personal contacts. Every
 * contact change invalidates `contacts()` through this factory.
 */
export const crisisKeys = {
  all: ['/api', 'crisis-contacts'] as const,
  contacts: () => [...crisisKeys.all, 'list'] as const,
  create: () => [...crisisKeys.all, 'create'] as const,
  update: () => [...crisisKeys.all, 'update'] as const,
  remove: () => [...crisisKeys.all, 'delete'] as const,
}
