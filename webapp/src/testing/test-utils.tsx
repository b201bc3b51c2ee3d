import { render } from '@testing-library/react'
import type * as React from 'react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

import { AppProvider } from '@/app/provider'
import { AppRouter } from '@/app/router'
import { preloadFormScreens } from '@/app/routes/lazy'
import { AdvancedContext } from '@/hooks/use-advanced'
import { createQueryClient } from '@/lib/query-client'

/**
 * Renders the whole app (providers + router) at `path` with a fresh query
 * client. Stub fetch first (see fetch-stub.ts): it is the only outside seam.
 */
export function renderApp(path = '/') {
  const location = memoryLocation({ path, record: true })
  // No timer between keystrokes: typing stays fast on a busy machine.
  const user = userEvent.setup({ delay: null })
  const result = render(
    <AppProvider queryClient={createQueryClient()}>
      <Router hook={location.hook}>
        <AppRouter />
      </Router>
    </AppProvider>,
  )
  return { ...result, user, location }
}

/**
 * Renders one component with the app's providers and a memory router at
 * `path`, for component tests that need queries, toasts or links;
 * `advanced` is the account's Advanced switch (off, as for a new account).
 */
export function renderWithProviders(ui: React.ReactElement, { path = '/', advanced = false }: { path?: string; advanced?: boolean } = {}) {
  const location = memoryLocation({ path, record: true })
  const user = userEvent.setup({ delay: null })
  const queryClient = createQueryClient()
  const result = render(
    <AppProvider queryClient={queryClient}>
      <AdvancedContext.Provider value={advanced}>
        <Router hook={location.hook}>{ui}</Router>
      </AdvancedContext.Provider>
    </AppProvider>,
  )
  return { ...result, user, location, queryClient }
}

export { preloadFormScreens }
