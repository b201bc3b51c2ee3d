import type { CaseloadEntry } from '../types'

/** The caseload's filters, in the order the screen shows them. */
export const caseloadFilters = ['attention', 'unclaimed', 'mine', 'missed', 'all'] as const
export type CaseloadFilter = (typeof caseloadFilters)[number]

const matches: Record<CaseloadFilter, (e: CaseloadEntry) => boolean> = {
  // Anything but "nothing needs you": an SOS, alerts, missed check-ins, a bracelet.
  attention: (e) => e.need !== 'none',
  unclaimed: (e) => (e.alerts?.unclaimed ?? 0) > 0,
  mine: (e) => (e.alerts?.mine ?? 0) > 0,
  missed: (e) => (e.checkIns?.missedLately ?? 0) > 0,
  all: () => true,
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en-US')

/** True when the name holds the search, ignoring case and accents ("jose" finds "José"). */
export function matchesName(entry: CaseloadEntry, search: string): boolean {
  const q = fold(search.trim())
  return q === '' || fold(entry.name).includes(q)
}

/** The people a filter and a name search keep, in the server's order (by need). */
export function filterCaseload(list: readonly CaseloadEntry[], filter: CaseloadFilter, search: string): CaseloadEntry[] {
  return list.filter((e) => matches[filter](e) && matchesName(e, search))
}

/** How many people each filter keeps with this search. */
export function countCaseload(list: readonly CaseloadEntry[], search: string): Record<CaseloadFilter, number> {
  const named = list.filter((e) => matchesName(e, search))
  return Object.fromEntries(caseloadFilters.map((f) => [f, named.filter(matches[f]).length])) as Record<CaseloadFilter, number>
}
