import { describe, expect, it } from 'vitest'

import { dateTimeFormat, formatClock, formatDuration } from './date-format'

describe('dateTimeFormat', () => {
  it('shares one formatter between callers with the same locale and options', () => {
    const a = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    const b = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    expect(a).toBe(b)
    expect(a.format(new Date(Date.UTC(2026, 10, 22)))).toBe('Nov 22')
  })

  it('keeps formatters apart when anything differs', () => {
    const short = dateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
    expect(dateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })).not.toBe(short)
    expect(dateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })).not.toBe(short)
    expect(dateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' })).not.toBe(short)
  })

  it('throws for a time zone the browser does not know, every time', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError)
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError)
  })

  it('shows a time of day on the 12-hour clock the server writes too', () => {
    expect(formatClock('2026-11-22T21:04:00Z', 'UTC')).toBe('9:04 PM')
    expect(formatClock('2026-11-22T00:30:00Z', 'UTC')).toBe('12:30 AM')
    expect(formatClock('2026-11-22T21:04:00Z', 'Europe/London')).toBe('9:04 PM')
  })
})

describe('formatDuration', () => {
  const minute = 60_000
  it.each([
    [0, 'less than a minute'],
    [59_999, 'less than a minute'],
    [-5 * minute, 'less than a minute'],
    [minute, '1 minute'],
    [3 * minute + 59_000, '3 minutes'],
    [60 * minute, '1 hour'],
    [65 * minute, '1 hour and 5 minutes'],
    [121 * minute, '2 hours and 1 minute'],
    [24 * 60 * minute, '1 day'],
    [(2 * 24 + 4) * 60 * minute + 7 * minute, '2 days and 4 hours'],
  ])('says %d ms as "%s"', (ms, words) => {
    expect(formatDuration(ms)).toBe(words)
  })
})
