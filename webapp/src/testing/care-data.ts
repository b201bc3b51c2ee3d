import type { CaseloadEntry, PersonView, Supporter } from '@/features/care/types'

/** A supporter as `GET /api/supporters` sends one: accepted, nothing granted. */
export function makeSupporter(overrides: Partial<Supporter> = {}): Supporter {
  return {
    id: 1,
    label: 'Sam, my sponsor',
    status: 'active',
    name: 'Sam Okafor',
    email: 'sam@example.org',
    invitedAt: '2026-11-22T09:00:00Z',
    expiresAt: '2026-11-29T09:00:00Z',
    acceptedAt: '2026-11-22T10:00:00Z',
    tier: 1,
    grant: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60, phone: false },
    ...overrides,
  }
}

/** A person as `GET /api/supporting` sends one: nothing shared (every field outside the grant null). */
export function makePerson(overrides: Partial<PersonView> = {}): PersonView {
  return {
    id: 7,
    name: 'Alex Rivera',
    grant: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60 },
    tier: 1,
    checkIns: null,
    alerts: [],
    sos: null,
    location: null,
    phone: null,
    measures: null,
    ...overrides,
  }
}

/** A caseload entry as `GET /api/caseload` sends one: nothing shared, nothing needed. */
export function makeCaseloadEntry(overrides: Partial<CaseloadEntry> = {}): CaseloadEntry {
  return {
    id: 7,
    name: 'Alex Rivera',
    grant: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60 },
    need: 'none',
    sos: null,
    alerts: null,
    checkIns: null,
    device: null,
    ...overrides,
  }
}
