import type { QueryFunction } from '@tanstack/react-query'

/**
 * The one HTTP client of the web app (docs/spec.md §7 and §8).
 *
 * Every call sends credentials (the session cookie). Any non-OK response
 * throws an Error whose message is `${status}: ${body text or status text}`,
 * so `401: {"message":"Unauthorized"}` marks a signed-out user.
 */

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  throw new Error(`${res.status}: ${text}`)
}

/** True when an error came from a 401 whose body says Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message)
}

/**
 * Sends a mutation request. The body is JSON and is sent only when given.
 * Resolves with the raw Response; rejects per the error rule above.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  })
  await throwIfResNotOk(res)
  return res
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** Joins a query key's parts with "/" into the URL that is fetched. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/')
}

/**
 * GETs a URL and parses its JSON. With `on401: 'returnNull'` a 401 resolves
 * to null instead of throwing (the current-user query uses this).
 */
export async function apiGet<T>(
  url: string,
  options: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal: options.signal })
  if (options.on401 === 'returnNull' && res.status === 401) {
    // Read the (small) body anyway: an unread body leaves the request open in
    // the browser, so the page never becomes network-idle.
    await res.text()
    return null as T
  }
  await throwIfResNotOk(res)
  return (await res.json()) as T
}

/** Builds a query function that GETs the URL made from the query key. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return ({ queryKey, signal }) => apiGet<T>(queryKeyToUrl(queryKey), { on401: options.on401, signal })
}

/** What the server said about a failed request (issue 3 contract: `{error, message, fields}`). */
export type ApiErrorDetails = {
  status: number
  /** The contract's code: invalid, unauthorized, conflict, too_many_requests, not_found. */
  code?: string
  message?: string
  /** Per-input messages of a 400, keyed by the request's field names. */
  fields?: Record<string, string>
}

/**
 * Reads the status and the server's JSON body back out of an error thrown by
 * this client (`${status}: ${body}`). Null for anything else, such as a
 * network failure.
 */
export function readApiError(error: unknown): ApiErrorDetails | null {
  if (!(error instanceof Error)) return null
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message)
  if (!match) return null
  const details: ApiErrorDetails = { status: Number(match[1]) }
  let body: unknown
  try {
    body = JSON.parse(match[2])
  } catch {
    return details
  }
  if (typeof body !== 'object' || body === null) return details
  const { error: code, message, fields } = body as Record<string, unknown>
  if (typeof code === 'string') details.code = code
  if (typeof message === 'string') details.message = message
  if (typeof fields === 'object' && fields !== null) {
    details.fields = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  }
  return details
}
