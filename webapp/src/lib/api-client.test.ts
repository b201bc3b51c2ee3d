import { describe, expect, it } from 'vitest'

import { apiRequest, getQueryFn, isUnauthorizedError, readApiError } from '@/lib/api-client'
import { createQueryClient } from '@/lib/query-client'
import { signedOut, stubFetch } from '@/testing/fetch-stub'

describe('default query function', () => {
  it('joins the query key with "/" and GETs it with credentials', async () => {
    const fetchMock = stubFetch({ '/api/checkins/today': { body: { id: 7 } } })
    const client = createQueryClient()

    const data = await client.fetchQuery({ queryKey: ['/api', 'checkins', 'today'] })

    expect(data).toEqual({ id: 7 })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/checkins/today')
    expect(init?.credentials).toBe('include')
    expect(init?.method ?? 'GET').toBe('GET')
    expect(init?.body).toBeUndefined()
  })

  it('throws "status: body" for a non-OK response with a body', async () => {
    stubFetch({ '/api/stats': { status: 500, statusText: 'Internal Server Error', body: 'database down' } })

    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/stats'] })).rejects.toThrow(
      new Error('500: database down'),
    )
  })

  it('throws "status: statusText" when the body is empty', async () => {
    stubFetch({ '/api/stats': { status: 503, statusText: 'Service Unavailable' } })

    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/stats'] })).rejects.toThrow(
      new Error('503: Service Unavailable'),
    )
  })

  it('throws on 401 so screens can detect the signed-out state', async () => {
    stubFetch({ '/api/stats': signedOut })

    const error = await createQueryClient()
      .fetchQuery({ queryKey: ['/api/stats'] })
      .catch((e: unknown) => e)

    expect(error).toEqual(new Error('401: {"message":"Unauthorized"}'))
    expect(isUnauthorizedError(error)).toBe(true)
  })

  it('does not retry a failed query', async () => {
    const fetchMock = stubFetch({ '/api/stats': { status: 500, body: 'boom' } })

    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/stats'] })).rejects.toThrow()

    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('query client defaults', () => {
  it('never goes stale, never refetches by itself and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()

    expect(queries?.staleTime).toBe(Infinity)
    expect(queries?.refetchInterval).toBe(false)
    expect(queries?.refetchOnWindowFocus).toBe(false)
    expect(queries?.retry).toBe(false)
    expect(mutations?.retry).toBe(false)
  })
})

describe('getQueryFn with on401 returnNull', () => {
  it('resolves to null on 401 instead of throwing', async () => {
    stubFetch({ '/api/auth/user': signedOut })
    const client = createQueryClient()

    const data = await client.fetchQuery({
      queryKey: ['/api/auth/user'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    })

    expect(data).toBeNull()
  })

  it('reads the 401 body to the end, so the browser can close the request', async () => {
    const response = new Response('{"message":"Unauthorized"}', { status: 401 })
    stubFetch({ '/api/auth/user': () => response })

    await createQueryClient().fetchQuery({
      queryKey: ['/api/auth/user'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    })

    expect(response.bodyUsed).toBe(true)
  })

  it('still throws on other errors', async () => {
    stubFetch({ '/api/auth/user': { status: 404, body: { error: 'not found' } } })

    await expect(
      createQueryClient().fetchQuery({
        queryKey: ['/api/auth/user'],
        queryFn: getQueryFn({ on401: 'returnNull' }),
      }),
    ).rejects.toThrow('404: {"error":"not found"}')
  })
})

describe('apiRequest', () => {
  it('sends a JSON body with credentials when one is given', async () => {
    const fetchMock = stubFetch({ '/api/checkins': { status: 201, body: { id: 1 } } })

    const res = await apiRequest('POST', '/api/checkins', { mood: 5 })

    expect(res.status).toBe(201)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/checkins')
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"mood":5}',
      headers: { 'Content-Type': 'application/json' },
    })
  })

  it('sends no body and no content type when there is none', async () => {
    const fetchMock = stubFetch({ '/api/alerts/3/read': { status: 204 } })

    await apiRequest('PATCH', '/api/alerts/3/read')

    const [, init] = fetchMock.mock.calls[0]
    expect(init?.method).toBe('PATCH')
    expect(init?.credentials).toBe('include')
    expect(init?.body).toBeUndefined()
    expect(init?.headers).toEqual({})
  })

  it('rejects non-OK responses with the same message rule', async () => {
    stubFetch({ '/api/crisis-contacts/9': signedOut })

    await expect(apiRequest('DELETE', '/api/crisis-contacts/9')).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    )
  })
})

describe('isUnauthorizedError', () => {
  it.each([
    ['401: Unauthorized', true],
    ['401: {"message":"Unauthorized"}', true],
    ['401: session expired', false],
    ['403: Unauthorized', false],
    ['500: 401: Unauthorized', false],
  ])('%s → %s', (message, expected) => {
    expect(isUnauthorizedError(new Error(message))).toBe(expected)
  })

  it('is false for things that are not errors', () => {
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false)
    expect(isUnauthorizedError(undefined)).toBe(false)
  })
})

describe('readApiError', () => {
  it('reads the status, code, message and fields of a contract error', () => {
    const error = new Error(
      '400: {"error":"invalid","message":"Check the fields.","fields":{"email":"Enter a valid email address.","n":3}}',
    )

    expect(readApiError(error)).toEqual({
      status: 400,
      code: 'invalid',
      message: 'Check the fields.',
      fields: { email: 'Enter a valid email address.' },
    })
  })

  it('keeps the status of a body that is not JSON', () => {
    expect(readApiError(new Error('502: Bad Gateway'))).toEqual({ status: 502 })
  })

  it('is null for errors that did not come from a response', () => {
    expect(readApiError(new TypeError('Failed to fetch'))).toBeNull()
    expect(readApiError('401: Unauthorized')).toBeNull()
  })
})
