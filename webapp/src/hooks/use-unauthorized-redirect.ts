import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { useLocation, useSearch } from 'wouter'

import { isUnauthorizedError } from '@/lib/api-client'
import { redirectToLogin } from '@/lib/login-redirect'

/**
 * docs/spec.md §8, first row, for every screen at once: while mounted (the shell of
 * the signed-in screens mounts it), any query or mutation that fails with
 * `401: …Unauthorized` shows the Unauthorized toast and sends the browser to
 * sign in, coming back to the current page.
 */
export function useUnauthorizedRedirect(): void {
  const queryClient = useQueryClient()
  const [location] = useLocation()
  const search = useSearch()
  const here = React.useRef(location)

  React.useEffect(() => {
    here.current = search ? `${location}?${search}` : location
  }, [location, search])

  React.useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorizedError(error)) redirectToLogin(here.current)
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient])
}
