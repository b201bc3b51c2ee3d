import { useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'
import { telHref } from '@/lib/tel'

import type { CrisisContacts } from '../types'
import { sosKeys } from './sos-keys'

export type CallableContact = { id: number; name: string; href: string }

/** The person's own crisis contacts that have a number to dial, emergency contacts first (as the server lists them). */
export function callableContacts(contacts: CrisisContacts | null | undefined): CallableContact[] {
  return (contacts ?? []).flatMap((c) => {
    const href = telHref(c.phone)
    return href ? [{ id: c.id, name: c.name, href }] : []
  })
}

/** Who to call when nobody will hear an SOS outside the app: read from `GET /api/crisis-contacts`. */
export function useCallableContacts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sosKeys.crisisContacts(),
    queryFn: ({ signal }) => apiGet<CrisisContacts | null>('/api/crisis-contacts', { signal }),
    select: callableContacts,
    enabled,
  })
}
