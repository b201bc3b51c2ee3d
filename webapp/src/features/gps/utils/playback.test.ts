import { describe, expect, it } from 'vitest'

import { makeLocation } from '@/testing/gps-data'

import { chronological, clampIndex, nextIndex, timeColor, timeFraction, walkedSoFar } from './playback'

const at = (time: string, id: number) => makeLocation({ id, timestamp: `2026-11-22T${time}Z` })

describe('history playback', () => {
  it('orders the day oldest first (the API sends newest first)', () => {
    const fixes = [at('12:00:00', 3), at('08:00:00', 1), at('10:00:00', 2)]
    expect(chronological(fixes).map((f) => f.id)).toEqual([1, 2, 3])
    expect(fixes.map((f) => f.id)).toEqual([3, 1, 2]) // not changed in place
  })

  it('places each fix between the first and the last of the day', () => {
    const [first, middle, last] = [at('08:00:00', 1), at('10:00:00', 2), at('12:00:00', 3)]
    expect(timeFraction(first, first, last)).toBe(0)
    expect(timeFraction(middle, first, last)).toBe(0.5)
    expect(timeFraction(last, first, last)).toBe(1)
    expect(timeFraction(first, first, first)).toBe(0)
  })

  it('colours from light blue (early) to violet (late)', () => {
    expect(timeColor(0)).toBe('rgb(56, 189, 248)')
    expect(timeColor(1)).toBe('rgb(109, 40, 217)')
    expect(timeColor(0.5)).toBe('rgb(83, 115, 233)')
    expect(timeColor(-1)).toBe(timeColor(0))
    expect(timeColor(2)).toBe(timeColor(1))
  })

  it('keeps the slider inside the list and stops at the end', () => {
    expect(clampIndex(5, 3)).toBe(2)
    expect(clampIndex(-1, 3)).toBe(0)
    expect(clampIndex(1.4, 3)).toBe(1)
    expect(clampIndex(0, 0)).toBe(0)
    expect(nextIndex(0, 3)).toBe(1)
    expect(nextIndex(1, 3)).toBe(2)
    expect(nextIndex(2, 3)).toBeNull()
    expect(nextIndex(0, 1)).toBeNull()
  })

  it('shows the part of the track walked up to the slider', () => {
    expect(walkedSoFar(['a', 'b', 'c'], 1)).toEqual(['a', 'b'])
    expect(walkedSoFar(['a', 'b', 'c'], 9)).toEqual(['a', 'b', 'c'])
    expect(walkedSoFar([], 0)).toEqual([])
  })
})
