/** Query and mutation keys of the SOS feature. */
export const sosKeys = {
  raise: () => ['/api', 'sos', 'raise'] as const,
  /** The wearer's open SOS (`GET /api/sos`); invalidate it with `exact`, as the other SOS keys start with it. */
  open: () => ['/api', 'sos'] as const,
  audience: () => ['/api', 'sos', 'audience'] as const,
  safe: () => ['/api', 'sos', 'safe'] as const,
  // Its own key: the crisis feature caches the same list for its screen.
  crisisContacts: () => ['/api', 'crisis-contacts', 'callable'] as const,
  escalation: () => ['/api', 'escalation'] as const,
  okay: () => ['/api', 'alerts', 'ok'] as const,
  alerts: () => ['/api', 'alerts'] as const,
  alert: (id: number) => [...sosKeys.alerts(), id] as const,
}
