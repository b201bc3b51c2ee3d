import { apiGet } from '@/lib/api-client'

/** `GET /api/push/key`: the server's VAPID public key. */
export function getPushKey(): Promise<{ publicKey: string }> {
  return apiGet<{ publicKey: string }>('/api/push/key')
}
