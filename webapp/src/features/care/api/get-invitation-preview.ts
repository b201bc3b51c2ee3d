import { useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

import type { InvitationPreview } from '../types'
import { careKeys } from './care-keys'

/**
 * `POST /api/care/invitation`: who invites, until when, and whether the
 * invitation is tied to one email address; asked once, without using it.
 */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: careKeys.invitation(token ?? ''),
    queryFn: async () => (await (await apiRequest('POST', '/api/care/invitation', { token })).json()) as InvitationPreview,
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  })
}
