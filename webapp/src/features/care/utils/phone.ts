import { telHref } from '@/lib/tel'

/** The `tel:` and `sms:` links for a number as the person wrote it, or null when it has nothing to dial. */
export function callLinks(phone: string): { call: string; text: string } | null {
  const call = telHref(phone)
  // A text goes to the number itself: no extension or other tel: parameters.
  return call ? { call, text: call.replace(/^tel:/, 'sms:').replace(/;.*$/, '') } : null
}
