import type { QueryClient } from '@tanstack/react-query'

import type { CheckInListParams, DateRange } from '../types'

/**
 * Query and mutation keys of the check-ins feature. Statistics are derived
 * from check-ins, so their key lives here too: saving, correcting or deleting a
 * check-in refreshes them all through `refreshCheckinData`.
 */
export const checkinKeys = {
  all: ['/api', 'checkins'] as const,
  lists: () => [...checkinKeys.all, 'list'] as const,
  list: (params: CheckInListParams) => [...checkinKeys.lists(), params] as const,
  history: (range: DateRange) => [...checkinKeys.lists(), 'history', range] as const,
  today: () => [...checkinKeys.all, 'today'] as const,
  stats: () => ['/api', 'stats'] as const,
  create: () => [...checkinKeys.all, 'create'] as const,
  update: () => [...checkinKeys.all, 'update'] as const,
  remove: () => [...checkinKeys.all, 'remove'] as const,
  soberDate: () => ['/api', 'sober-date'] as const,
}

/**
 * Everything derived from check-ins: the lists, today's check-in and the
 * statistics (streak, Recovery days). Every cached copy is refetched, so a
 * screen that is not mounted is current when it opens again.
 */
export function refreshCheckinData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checkinKeys.lists(), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: checkinKeys.today(), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: checkinKeys.stats(), refetchType: 'all' }),
  ])
}
