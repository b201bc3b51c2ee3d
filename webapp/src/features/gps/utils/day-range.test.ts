import { describe, expect, it } from 'vitest'

import { dayRange, inRange, todayIn } from './day-range'

describe('dayRange', () => {
  it('turns a local day into its UTC instants', () => {
    expect(dayRange('2026-11-22', 'Europe/London')).toEqual({
      date: '2026-11-22',
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    })
    expect(dayRange('2026-07-01', 'America/Los_Angeles')).toEqual({
      date: '2026-07-01',
      from: '2026-07-01T07:00:00.000Z',
      to: '2026-07-02T07:00:00.000Z',
    })
  })

  it('has 23 hours on the day clocks go forward', () => {
    const range = dayRange('2026-03-29', 'Europe/London')
    expect(range.from).toBe('2026-03-29T00:00:00.000Z')
    expect(range.to).toBe('2026-03-29T23:00:00.000Z')
  })

  it('knows which fixes fall on the day', () => {
    const range = dayRange('2026-11-22', 'Asia/Tokyo')
    expect(inRange(range, '2026-11-21T15:00:00Z')).toBe(true)
    expect(inRange(range, '2026-11-21T14:59:59Z')).toBe(false)
    expect(inRange(range, '2026-11-22T15:00:00Z')).toBe(false)
  })

  it('tells today in the zone', () => {
    expect(todayIn('Asia/Tokyo', new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23')
    expect(todayIn('America/New_York', new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21')
  })

  it('refuses a malformed day', () => {
    expect(() => dayRange('2026-02-30', 'UTC')).toThrow()
  })
})
