import { useMutation, useQueryClient } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { Signal, SignalKind } from '../types'
import { signalKeys } from './signal-keys'

/** `POST /api/signals/not-now`: set a kind of signal aside for three days. */
export function useNotNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (kind: SignalKind) => {
      await apiRequest('POST', '/api/signals/not-now', { kind })
      return kind
    },
    onSuccess: (kind) => {
      queryClient.setQueryData<Signal[]>(signalKeys.all, (list) => list?.filter((s) => s.kind !== kind))
      return queryClient.invalidateQueries({ queryKey: signalKeys.all })
    },
  })
}
