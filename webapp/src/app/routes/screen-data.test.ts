import { describe, expect, it } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { stubFetch } from '@/testing/fetch-stub'

import { prefetchScreenData } from './screen-data'

describe('prefetchScreenData', () => {
  it('asks for the caseload as soon as the path is /caseload, once', async () => {
    const fetchMock = stubFetch({ '/api/caseload': { body: [] } })
    const queryClient = createQueryClient()
    prefetchScreenData(queryClient, '/caseload')
    prefetchScreenData(queryClient, '/caseload')
    await expect.poll(() => queryClient.getQueryState(['/api', 'supporting', 'caseload'])?.status).toBe('success')
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/caseload'])
  })

  it('asks for nothing on a screen without data of its own to wait for', () => {
    const fetchMock = stubFetch({})
    prefetchScreenData(createQueryClient(), '/settings')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
