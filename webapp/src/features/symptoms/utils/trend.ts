import type { SymptomDay } from '../types'

/** The days of a trend that have a severity to show. */
export function daysWithSeverity(days: readonly SymptomDay[]): SymptomDay[] {
  return days.filter((d) => d.physicalSeverity !== null || d.mentalSeverity !== null)
}

/** True when any day of the trend has a severity to draw: otherwise the chart would be empty. */
export function hasTrendData(days: readonly SymptomDay[]): boolean {
  return daysWithSeverity(days).length > 0
}
