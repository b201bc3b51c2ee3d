import { describe, expect, it } from 'vitest'

import { addDays, addMonths, isIsoDate, monthRange, monthWeeks, relativeDay, todayIn } from './dates'

describe('todayIn', () => {
  // 2026-11-22 10:30 UTC is already the 23rd at Kiritimati (UTC+14) and still the 21st at Pago Pago (UTC-11) at 05:00 UTC.
  it.each([
    ['2026-11-22T10:30:00Z', 'Pacific/Kiritimati', '2026-11-23'],
    ['2026-11-22T05:00:00Z', 'Pacific/Pago_Pago', '2026-11-21'],
    ['2026-11-22T23:30:00Z', 'Europe/London', '2026-11-22'],
    ['2026-07-01T23:30:00Z', 'Europe/London', '2026-07-02'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected)
  })

  it('falls back to the device zone for an unknown zone', () => {
    expect(todayIn('Not/AZone', new Date('2026-11-22T12:00:00Z'))).toMatch(/^2026-11-2\d$/)
  })
})

describe('calendar helpers', () => {
  it('moves across months and years', () => {
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
  })

  it('gives a month its first and last date', () => {
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(monthRange({ year: 2026, month: 11 })).toEqual({ from: '2026-11-01', to: '2026-11-30' })
  })

  it('lays a month out in Sunday-first weeks', () => {
    // November 2026 starts on a Sunday and has 30 days: 5 weeks.
    const weeks = monthWeeks({ year: 2026, month: 11 })
    expect(weeks).toHaveLength(5)
    expect(weeks[0][0]).toBe('2026-11-01')
    expect(weeks[4].filter(Boolean)).toEqual(['2026-11-29', '2026-11-30'])
    // August 2026 starts on a Saturday: six blanks first.
    expect(monthWeeks({ year: 2026, month: 8 })[0].slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-08-01'])
  })

  it('checks dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2026-02-30')).toBe(false)
    expect(isIsoDate('26-02-01')).toBe(false)
  })

  it('names recent days', () => {
    expect(relativeDay('2026-11-22', '2026-11-22')).toBe('Today')
    expect(relativeDay('2026-11-21', '2026-11-22')).toBe('Yesterday')
    expect(relativeDay('2026-11-18', '2026-11-22')).toBe('Wed, Nov 18')
    expect(relativeDay('2025-12-31', '2026-01-02')).toBe('Wed, Dec 31, 2025')
  })
})
