import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { SymptomLog } from '../types'
import { symptomKeys } from './symptom-keys'

/** The server may send null for text it never stored; the screens always get strings. */
export function normalizeSymptomLog(l: SymptomLog): SymptomLog {
  return {
    ...l,
    physicalSymptom: l.physicalSymptom ?? '',
    physicalSeverity: l.physicalSeverity ?? null,
    mentalSymptom: l.mentalSymptom ?? '',
    mentalSeverity: l.mentalSeverity ?? null,
    duration: l.duration ?? '',
    notes: l.notes ?? '',
  }
}

/** `GET /api/symptoms`: the user's symptom logs, newest first. */
export async function getSymptoms({ signal }: { signal?: AbortSignal } = {}): Promise<SymptomLog[]> {
  const list = await apiGet<SymptomLog[] | null>('/api/symptoms', { signal })
  return (list ?? []).map(normalizeSymptomLog)
}

/** docs/spec.md §7: no retry (the query client never retries). */
export function getSymptomsQueryOptions() {
  return queryOptions({
    queryKey: symptomKeys.lists(),
    queryFn: ({ signal }) => getSymptoms({ signal }),
  })
}

export function useSymptoms() {
  return useQuery(getSymptomsQueryOptions())
}
