import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { alertKeys } from './alert-keys'

/** `PATCH /api/alerts/{id}/read`: 204 (no body sent). */
export async function markAlertRead(id: number): Promise<void> {
  await apiRequest('PATCH', `/api/alerts/${encodeURIComponent(String(id))}/read`)
}

/**
 * Dismisses an alert. docs/spec.md §4 reloads the page after a successful
 * dismissal; refetching the alert list is the same for the user without the
 * reload. A failure is logged to the console only (docs/spec.md §8).
 */
export function useMarkAlertRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: alertKeys.markRead(),
    mutationFn: markAlertRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.list() }),
    onError: (error) => {
      console.error('Failed to dismiss the alert:', error)
    },
  })
}
