import type { QueryClient } from '@tanstack/react-query'

import { prefetchDashboard } from '@/app/routes/dashboard-queries'
import { routes } from '@/config/routes'
import { getCaseloadQueryOptions } from '@/features/care/api/get-caseload'

/**
 * What a screen waits for before it draws more than its skeleton, by path.
 * Asked for as soon as the path is known (the first load, or a move within
 * the app), so the requests run beside the screen's code download and first
 * render instead of after them. The screen's own queries then find them
 * under way (one request, not two).
 */
const screenData: Record<string, (queryClient: QueryClient) => void> = {
  [routes.home.path]: prefetchDashboard,
  [routes.caseload.path]: (queryClient) => void queryClient.prefetchQuery(getCaseloadQueryOptions()),
}

export function prefetchScreenData(queryClient: QueryClient, path: string): void {
  screenData[path]?.(queryClient)
}
