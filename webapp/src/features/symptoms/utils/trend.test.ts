import { describe, expect, it } from 'vitest'

import { makeTrend } from '@/testing/symptom-data'

import { daysWithSeverity, hasTrendData } from './trend'

describe('trend data', () => {
  it('is empty when no day has a severity (even a day with a log without one)', () => {
    const days = makeTrend(30, [{ date: '2026-11-20', logs: 1 }])
    expect(hasTrendData(days)).toBe(false)
    expect(daysWithSeverity(days)).toEqual([])
  })

  it('keeps the days with either severity, oldest first', () => {
    const days = makeTrend(30, [
      { date: '2026-11-22', physicalSeverity: 6, logs: 1 },
      { date: '2026-11-01', mentalSeverity: 4.5, logs: 2 },
    ])
    expect(hasTrendData(days)).toBe(true)
    expect(daysWithSeverity(days).map((d) => d.date)).toEqual(['2026-11-01', '2026-11-22'])
  })
})
