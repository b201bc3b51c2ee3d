import { vi } from 'vitest'

export type StubResponse = {
  status?: number
  statusText?: string
  body?: unknown
}

export type FetchRoutes = Record<string, StubResponse | (() => Promise<Response>)>

export function jsonResponse({ status = 200, statusText = '', body }: StubResponse): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  return new Response(text === '' ? null : text, {
    status,
    statusText,
    headers: text === '' ? {} : { 'Content-Type': 'application/json' },
  })
}

/**
 * Stubs the global fetch (the app's one outside seam) with canned answers by
 * URL. Unknown URLs answer a JSON 404 like the server does for unknown /api paths.
 */
export function stubFetch(routes: FetchRoutes = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const route = routes[url]
    if (typeof route === 'function') return route()
    return Promise.resolve(
      jsonResponse(route ?? { status: 404, statusText: 'Not Found', body: { error: 'not found' } }),
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export const signedOut: StubResponse = {
  status: 401,
  statusText: 'Unauthorized',
  body: { message: 'Unauthorized' },
}

/** A fetch answer that never settles: the request stays pending. */
export const pending = () => new Promise<Response>(() => {})
