/**
 * Query and mutation keys of the crisis feature: the personal contacts and
 * who of them is "my sponsor". Every contact change invalidates `all`
 * through this factory, so both refetch.
 */
export const crisisKeys = {
  all: ['/api', 'crisis-contacts'] as const,
  contacts: () => [...crisisKeys.all, 'list'] as const,
  sponsor: () => [...crisisKeys.all, 'sponsor'] as const,
  create: () => [...crisisKeys.all, 'create'] as const,
  update: () => [...crisisKeys.all, 'update'] as const,
  remove: () => [...crisisKeys.all, 'delete'] as const,
}
