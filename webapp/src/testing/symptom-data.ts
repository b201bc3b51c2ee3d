import type { SymptomDay, SymptomLog } from '@/features/symptoms/types'

/** A symptom log as `GET /api/symptoms` returns it; override what a test is about. */
export function makeSymptomLog(overrides: Partial<SymptomLog> = {}): SymptomLog {
  return {
    id: 1,
    physicalSymptom: 'Headache',
    physicalSeverity: 6,
    mentalSymptom: '',
    mentalSeverity: null,
    duration: '1-4 hours',
    notes: '',
    date: '2026-11-22T14:30:00Z',
    updatedAt: '2026-11-22T14:30:00Z',
    ...overrides,
  }
}

/** `days` empty trend days ending 2026-11-22, oldest first, with `filled` laid over by date. */
export function makeTrend(days: number, filled: Partial<SymptomDay>[] = []): SymptomDay[] {
  const end = Date.UTC(2026, 10, 22)
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10)
    const day = filled.find((d) => d.date === date)
    return { date, physicalSeverity: null, mentalSeverity: null, logs: 0, ...day }
  })
}
