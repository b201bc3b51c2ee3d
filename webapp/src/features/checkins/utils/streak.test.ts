import { describe, expect, it } from 'vitest'

import { nextMilestone, streakIcon, streakTier, tierProgress } from './streak'

/*
 * docs/spec.md §4, table-driven:
 *
 *   days  0    1     2..6      7..29   30..89          90..364     365+
 *   tier  start first momentum habits  transformation  commitment  legend
 *   icon  seedling ─────────┘ leaf    tree            fire        crown
 *   next  7 (1 week) ───────┘ 30      90              365         "You're a legend!"
 *   bar   (d-0)/7             (d-7)/23 (d-30)/60      (d-90)/275  100%
 */
describe('streak tiers, icons, milestones and progress', () => {
  it.each([
    // days, tier,            icon,       next, label,      remaining, progress %
    [0, 'start', 'seedling', 7, '1 week', 7, 0],
    [1, 'first', 'seedling', 7, '1 week', 6, (1 / 7) * 100],
    [6, 'momentum', 'seedling', 7, '1 week', 1, (6 / 7) * 100],
    [7, 'habits', 'leaf', 30, '1 month', 23, 0],
    [29, 'habits', 'leaf', 30, '1 month', 1, (22 / 23) * 100],
    [30, 'transformation', 'tree', 90, '3 months', 60, 0],
    [89, 'transformation', 'tree', 90, '3 months', 1, (59 / 60) * 100],
    [90, 'commitment', 'fire', 365, '1 year', 275, 0],
    [364, 'commitment', 'fire', 365, '1 year', 1, (274 / 275) * 100],
    [365, 'legend', 'crown', null, null, null, 100],
    [400, 'legend', 'crown', null, null, null, 100],
  ] as const)('%i days → %s, %s, next %s', (days, tier, icon, next, label, remaining, progress) => {
    expect(streakTier(days).id).toBe(tier)
    expect(streakTier(days).icon).toBe(icon)
    expect(streakIcon(days)).toBe(icon)
    const milestone = nextMilestone(days)
    if (next === null) {
      expect(milestone).toBeNull()
    } else {
      expect(milestone).toEqual({ days: next, label, remaining })
    }
    expect(tierProgress(days)).toBeCloseTo(progress, 6)
  })

  it('never goes past 100% or below 0%', () => {
    for (let d = -3; d <= 1000; d++) {
      const p = tierProgress(d)
      expect(p).toBeGreaterThanOrEqual(0)
      expect(p).toBeLessThanOrEqual(100)
    }
  })

  it('treats odd input as no streak', () => {
    expect(streakTier(-1).id).toBe('start')
    expect(streakTier(Number.NaN).id).toBe('start')
    expect(nextMilestone(Number.NaN)?.days).toBe(7)
  })

  it('has a message for every tier', () => {
    for (const d of [0, 1, 3, 10, 45, 120, 500]) expect(streakTier(d).message).not.toBe('')
  })
})
