import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { CheckIn } from '../types'
import { normalizeCheckIn } from '../utils/normalize-checkin'
import type { CreateCheckinInput } from './create-checkin'
import { checkinKeys, refreshCheckinData } from './checkin-keys'

export type UpdateCheckinInput = { id: number } & Partial<CreateCheckinInput>

/** `PATCH /api/checkins/{id}`: 200 with the corrected check-in; its date stays; 404 when it is gone. */
export async function updateCheckin({ id, ...changes }: UpdateCheckinInput): Promise<CheckIn> {
  const res = await apiRequest('PATCH', `/api/checkins/${encodeURIComponent(String(id))}`, changes)
  return normalizeCheckIn((await res.json()) as CheckIn)
}

export type UseCheckinChangeOptions = {
  /** Awaited after the check-in data is refreshed (the app refreshes alerts: a correction can resolve or raise them). */
  onChanged?: () => unknown
}

/** Corrects a check-in, then refreshes everything derived from check-ins before the mutation counts as done. */
export function useUpdateCheckin({ onChanged }: UseCheckinChangeOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: checkinKeys.update(),
    mutationFn: updateCheckin,
    onSuccess: async () => {
      await refreshCheckinData(queryClient)
      await onChanged?.()
    },
  })
}
