import { vi } from 'vitest'

export type StubResponse = {
  status?: number
  statusText?: string
  body?: unknown
}

export type StubHandler = (init: RequestInit | undefined, url: string) => Promise<Response> | Response

/**
 * Canned answers keyed by URL (`/api/auth/user`, any method) or by method and
 * URL (`POST /api/auth/login`, which wins). A function answers itself.
 */
export type FetchRoutes = Record<string, StubResponse | StubHandler>

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
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const route = routes[`${method} ${url}`] ?? routes[url]
    if (typeof route === 'function') return Promise.resolve(route(init, url))
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

/** The JSON body a stubbed request was sent with. */
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => input === url && (init?.method ?? 'GET').toUpperCase() === method,
  )
  if (!call) throw new Error(`no ${method} ${url} was sent`)
  const body = call[1]?.body
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined
}
