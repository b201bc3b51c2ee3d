import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type * as React from 'react'

import { UpdatePrompt } from '@/app/pwa/update-prompt'
import { OfflineBanner } from '@/components/offline-banner'
import { ThemeProvider } from '@/components/theme/theme-provider'
import { Toaster } from '@/components/ui/toaster'
import { TooltipProvider } from '@/components/ui/tooltip'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

export type AppProviderProps = {
  children: React.ReactNode
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient
}

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <OfflineBanner />
          {children}
          <Toaster />
          <UpdatePrompt />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  )
}
