import { describe, expect, it } from 'vitest'

import { makeCheckin } from '@/testing/checkin-data'

import { formatOneDecimal, moodSummary, previewText } from './summaries'

describe('moodSummary', () => {
  it('is empty without check-ins', () => {
    expect(moodSummary([])).toEqual({ points: [], low: null, high: null, average: null })
  })

  it('takes the latest 7, oldest first, with low, high and a one-decimal average', () => {
    const moods = [3, 8, 5, 6, 7, 4, 9, 2, 10] // 1st .. 9th of November
    const newestFirst = moods
      .map((mood, i) => makeCheckin({ date: `2026-11-0${i + 1}`, mood }))
      .reverse()

    const summary = moodSummary(newestFirst)

    expect(summary.points.map((p) => p.date)).toEqual([
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
    ])
    expect(summary.points.map((p) => p.mood)).toEqual([5, 6, 7, 4, 9, 2, 10])
    expect(summary.low).toBe(2)
    expect(summary.high).toBe(10)
    expect(summary.average).toBe(6.1) // 43 / 7 = 6.142…
  })

  it('sorts check-ins that arrive in any order', () => {
    const summary = moodSummary([
      makeCheckin({ date: '2026-11-02', mood: 4 }),
      makeCheckin({ date: '2026-11-03', mood: 5 }),
      makeCheckin({ date: '2026-11-01', mood: 3 }),
    ])
    expect(summary.points.map((p) => p.mood)).toEqual([3, 4, 5])
    expect(summary.average).toBe(4)
  })
})

describe('formatOneDecimal', () => {
  it.each([
    [7, '7.0'],
    [6.25, '6.3'],
    [null, '—'],
    [undefined, '—'],
  ])('%s → %s', (value, expected) => {
    expect(formatOneDecimal(value)).toBe(expected)
  })
})

describe('previewText (50 characters)', () => {
  it.each([
    ['', ''],
    ['Short and sweet', 'Short and sweet'],
    ['x'.repeat(50), 'x'.repeat(50)],
    ['x'.repeat(51), `${'x'.repeat(50)}...`],
    ['  padded  ', 'padded'],
    [null, ''],
  ])('%j', (text, expected) => {
    expect(previewText(text)).toBe(expected)
  })
})
