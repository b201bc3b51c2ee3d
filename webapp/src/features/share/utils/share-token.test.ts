import { describe, expect, it } from 'vitest'

import { formatShareTime, readShareToken } from './share-token'

describe('readShareToken', () => {
  it.each([
    ['#token=abc_-123', 'abc_-123'],
    ['token=xyz', 'xyz'],
    ['#token=', null],
    ['#other=1', null],
    ['', null],
  ])('%s → %s', (hash, want) => {
    expect(readShareToken(hash)).toBe(want)
  })
})

describe('formatShareTime', () => {
  it('shows only the time for today and the weekday otherwise', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(formatShareTime('2026-11-25T11:05:00Z', now, 'UTC')).toMatch(/11:05/)
    expect(formatShareTime('2026-11-23T11:05:00Z', now, 'UTC')).toMatch(/Mon/)
  })
})
