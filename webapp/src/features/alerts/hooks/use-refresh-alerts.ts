import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'

import { alertKeys } from '../api/alert-keys'

/**
 * Refetches every cached alert list. Other screens call it after an action
 * that can raise alerts (a check-in can raise a milestone or a concern).
 */
export function useRefreshAlerts(): () => Promise<void> {
  const queryClient = useQueryClient()
  return React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: alertKeys.all, refetchType: 'all' }),
    [queryClient],
  )
}
