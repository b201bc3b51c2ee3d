import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import { checkinKeys } from './checkin-keys'

/** `PUT /api/sober-date`: 204. A date sets it (the same one again keeps it), null clears it; 400 with `fields.date`. */
export async function setSoberDate(date: string | null): Promise<void> {
  await apiRequest('PUT', '/api/sober-date', { date })
}

/** Sets, keeps or clears the sober date, then refreshes the statistics Recovery days are read from. */
export function useSetSoberDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: checkinKeys.soberDate(),
    mutationFn: setSoberDate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.stats(), refetchType: 'all' }),
  })
}
