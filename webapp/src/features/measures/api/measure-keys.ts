/**
 * Query and mutation keys of the measures feature. Taking a questionnaire,
 * editing a note or deleting a response invalidates `all` (the list, what
 * is due and every history) through this factory.
 */
export const measureKeys = {
  all: ['/api', 'measures'] as const,
  statuses: () => [...measureKeys.all, 'statuses'] as const,
  instruments: () => [...measureKeys.all, 'instruments'] as const,
  history: (instrument: string) => [...measureKeys.all, 'history', instrument] as const,
  schedule: () => [...measureKeys.all, 'schedule'] as const,
  take: () => [...measureKeys.all, 'take'] as const,
  note: () => [...measureKeys.all, 'note'] as const,
  remove: () => [...measureKeys.all, 'delete'] as const,
  saveSchedule: () => [...measureKeys.all, 'save-schedule'] as const,
}
