import { apiRequest } from '@/lib/api-client'

import type { SharedView } from '../types'

/** `POST /api/share/view` (public): the first call is an open, later ones refreshes. */
export async function viewShare(token: string, refresh: boolean): Promise<SharedView> {
  const res = await apiRequest('POST', '/api/share/view', { token, refresh })
  return (await res.json()) as SharedView
}
