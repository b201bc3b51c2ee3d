import { describe, expect, it } from 'vitest'

import { formatLastSeen, formatTimeLeft } from './format'

describe('bracelet formats', () => {
  const now = new Date('2026-11-22T12:00:00Z')

  it('says when a bracelet was last seen', () => {
    expect(formatLastSeen(null, now)).toBeNull()
    expect(formatLastSeen('2026-11-22T11:59:40Z', now)).toBe('just now')
    expect(formatLastSeen('2026-11-22T11:50:00Z', now)).toBe('10 minutes ago')
    expect(formatLastSeen('2026-11-22T09:00:00Z', now)).toBe('3 hours ago')
    expect(formatLastSeen('2026-11-20T12:00:00Z', now)).toBe('2 days ago')
  })

  it('estimates the time left in words', () => {
    expect(formatTimeLeft(null)).toBeNull()
    expect(formatTimeLeft(45)).toBe('about 45 min left')
    expect(formatTimeLeft(120)).toBe('about 2 h left')
    expect(formatTimeLeft(200)).toBe('about 3 h 20 min left')
    expect(formatTimeLeft(4 * 24 * 60)).toBe('about 4 days left')
  })
})
