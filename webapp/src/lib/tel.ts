/**
 * A `tel:` link from a phone number as a person typed it: the digits, keeping
 * a leading +. Null when there are no digits to dial ("ask at the desk").
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (digits === '') return null
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`
}
