/** One finding of Prism's validator, as its sl-violations header lists them. */
export type Violation = { location: string[]; severity: string; code?: string | number; message: string }

/** Prism's code for a security requirement the request did not meet. */
const SECURITY_CODE = 401

/**
 * violationsOf reads Prism's sl-violations header: a JSON list of what in
 * the request or the response breaks the document, absent when nothing does.
 * Prism's security verdicts are left out: whether a request's credentials
 * suffice is the server's to judge (a signed-out request, or one from a
 * client that is no browser and sends no Sec-Fetch-Site), and the server's
 * answer to it is checked like any other.
 */
export function violationsOf(header: string | null): Violation[] {
  if (!header) return []
  let list: Violation[]
  try {
    list = JSON.parse(header) as Violation[]
  } catch {
    // Prism cuts a long list short ("Too many violations! [...").
    return [{ location: [], severity: 'Error', message: header }]
  }
  return list.filter((v) => Number(v.code) !== SECURITY_CODE)
}

export function describeViolations(list: Violation[]): string {
  return list.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ')
}
