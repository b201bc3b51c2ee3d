import { listText, SEVERITY_HIGH_ABOVE, SEVERITY_MEDIUM_ABOVE } from '../content'
import type { SymptomLog } from '../types'

type Entry = Pick<SymptomLog, 'physicalSymptom' | 'mentalSymptom' | 'physicalSeverity' | 'mentalSeverity'>

/** docs/spec.md: the physical symptom, else the mental symptom, else 'Symptom logged'. */
export function entryTitle(entry: Entry): string {
  return entry.physicalSymptom || entry.mentalSymptom || listText.untitled
}

/** docs/spec.md: the dot's severity is the physical one, falling back to the mental one, or 0. */
export function entrySeverity(entry: Entry): number {
  return entry.physicalSeverity ?? entry.mentalSeverity ?? 0
}

export type SeverityLevel = 'high' | 'medium' | 'low'

/** docs/spec.md §9: above 7 red (high), above 4 amber (medium), otherwise green (low). */
export function severityLevel(severity: number): SeverityLevel {
  if (severity > SEVERITY_HIGH_ABOVE) return 'high'
  if (severity > SEVERITY_MEDIUM_ABOVE) return 'medium'
  return 'low'
}

/** The dot's words for screen readers and tooltips: colour is never the only signal. */
export function severityDescription(severity: number): string {
  if (severity === 0) return listText.noSeverity
  return listText.severityLabel(severity, listText.levels[severityLevel(severity)])
}
