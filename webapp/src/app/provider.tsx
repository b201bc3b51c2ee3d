import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { UpdatePrompt } from '@/app/pwa/update-prompt'
import { OfflineBanner } from '@/components/offline-banner'
import { ThemeProvider } from '@/components/theme/theme-provider'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

// Toasts come after the first paint, so Radix's toast code loads after it too;
// a toast raised earlier waits in use-toast's store and shows once this mounts.
const Toaster = React.lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })))

export type AppProviderProps = {
  children: React.ReactNode
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient
}

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <OfflineBanner />
        {children}
        <React.Suspense fallback={null}>
          <Toaster />
        </React.Suspense>
        <UpdatePrompt />
      </QueryClientProvider>
    </ThemeProvider>
  )
}
