import type { QueryFunction } from '@tanstack/react-query'

/**
 * The one HTTP client of the web app (SPEC.md §7 and §8).
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
    return null as T
  }
  await throwIfResNotOk(res)
  return (await res.json()) as T
}

/** Builds a query function that GETs the URL made from the query key. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return ({ queryKey, signal }) => apiGet<T>(queryKeyToUrl(queryKey), { on401: options.on401, signal })
}
