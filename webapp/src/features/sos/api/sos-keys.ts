/** Query and mutation keys of the SOS feature. */
export const sosKeys = {
  raise: () => ['/api', 'sos'] as const,
  supporters: () => ['/api', 'supporters'] as const,
  escalation: () => ['/api', 'escalation'] as const,
  okay: () => ['/api', 'alerts', 'ok'] as const,
  alerts: () => ['/api', 'alerts'] as const,
}
