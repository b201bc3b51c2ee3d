import { QueryClient, type QueryClientConfig } from '@tanstack/react-query'

import { getQueryFn } from '@/lib/api-client'

/**
 * docs/spec.md §7: data is never stale, never refetched on an interval or on
 * window focus, and neither queries nor mutations are retried.
 */
export const queryConfig = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies QueryClientConfig['defaultOptions']

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig })
}

export const queryClient = createQueryClient()
