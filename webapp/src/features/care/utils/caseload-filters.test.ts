import { describe, expect, it } from 'vitest'

import { makeCaseloadEntry } from '@/testing/care-data'

import { countCaseload, filterCaseload, matchesName } from './caseload-filters'

const alerts = (unclaimed: number, mine: number) => ({
  unclaimed,
  oldestUnclaimedAt: unclaimed ? '2026-11-22T21:04:00Z' : null,
  mine,
  claimedByOthers: 0,
})
const checkIns = (missedLately: number) => ({ checkedInToday: false, missedLately, daysSinceLast: missedLately + 1 })

const list = [
  makeCaseloadEntry({ id: 1, name: 'Sosa Diaz', need: 'sos', sos: { alertId: 9, createdAt: '2026-11-22T21:00:00Z' }, alerts: alerts(1, 0) }),
  makeCaseloadEntry({ id: 2, name: 'Una Berg', need: 'unclaimed', alerts: alerts(2, 0) }),
  makeCaseloadEntry({ id: 3, name: 'Mina Olsen', need: 'mine', alerts: alerts(0, 1), checkIns: checkIns(2) }),
  makeCaseloadEntry({ id: 4, name: 'José Ruiz', need: 'missed_checkins', checkIns: checkIns(3) }),
  makeCaseloadEntry({ id: 5, name: 'Dee Park', need: 'device', device: { bracelets: 1, offline: true, batteryLow: false, lastSeenAt: null } }),
  makeCaseloadEntry({ id: 6, name: 'Abe Stone', need: 'none', checkIns: checkIns(0) }),
  makeCaseloadEntry({ id: 7, name: 'Nell Fox' }),
]
const ids = (l: { id: number }[]) => l.map((e) => e.id)

describe('the caseload filters', () => {
  it.each([
    ['attention', [1, 2, 3, 4, 5]],
    ['unclaimed', [1, 2]],
    ['mine', [3]],
    ['missed', [3, 4]],
    ['all', [1, 2, 3, 4, 5, 6, 7]],
  ] as const)('%s keeps %j, in the order the server sent', (filter, want) => {
    expect(ids(filterCaseload(list, filter, ''))).toEqual(want)
  })

  it('counts each filter within the name search', () => {
    expect(countCaseload(list, '')).toEqual({ attention: 5, unclaimed: 2, mine: 1, missed: 2, all: 7 })
    expect(countCaseload(list, 'o')).toEqual({ attention: 3, unclaimed: 1, mine: 1, missed: 2, all: 5 })
  })

  it('searches names ignoring case, accents and spaces around', () => {
    expect(matchesName(list[3], 'jose')).toBe(true)
    expect(matchesName(list[3], '  RUIZ ')).toBe(true)
    expect(matchesName(list[3], 'Una')).toBe(false)
    expect(ids(filterCaseload(list, 'missed', 'josé'))).toEqual([4])
  })

  it('never counts a part outside the grant (null) as a need', () => {
    const nothing = makeCaseloadEntry()
    expect(countCaseload([nothing], '')).toEqual({ attention: 0, unclaimed: 0, mine: 0, missed: 0, all: 1 })
  })
})
