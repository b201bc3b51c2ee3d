import type { CheckInListParams, DateRange } from '../types'

/**
 * Query and mutation keys of the check-ins feature. Statistics are derived
 * from check-ins, so their key lives here too: saving a check-in invalidates
 * `lists()`, `today()` and `stats()` through this factory.
 */
export const checkinKeys = {
  all: ['/api', 'checkins'] as const,
  lists: () => [...checkinKeys.all, 'list'] as const,
  list: (params: CheckInListParams) => [...checkinKeys.lists(), params] as const,
  history: (range: DateRange) => [...checkinKeys.lists(), 'history', range] as const,
  today: () => [...checkinKeys.all, 'today'] as const,
  stats: () => ['/api', 'stats'] as const,
  create: () => [...checkinKeys.all, 'create'] as const,
}
