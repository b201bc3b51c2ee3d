import type { QueryClient } from '@tanstack/react-query'

import { getAlertsQueryOptions } from '@/features/alerts/api/get-alerts'
import { getCheckinsQueryOptions } from '@/features/checkins/api/get-checkins'
import { getStatsQueryOptions } from '@/features/checkins/api/get-stats'
import { getTodayCheckinQueryOptions } from '@/features/checkins/api/get-today-checkin'
import { MOOD_CHART_COUNT } from '@/features/checkins/content'

/** The latest check-ins feed both the mood chart (7) and Recent Activities (3): one request. */
export const recentCheckinsParams = { limit: MOOD_CHART_COUNT }

/**
 * Asks for what the dashboard waits for before it draws more than its
 * skeleton, so the requests can run while its code is still loading.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getTodayCheckinQueryOptions())
  void queryClient.prefetchQuery(getStatsQueryOptions())
  void queryClient.prefetchQuery(getCheckinsQueryOptions(recentCheckinsParams))
  void queryClient.prefetchQuery(getAlertsQueryOptions())
}
