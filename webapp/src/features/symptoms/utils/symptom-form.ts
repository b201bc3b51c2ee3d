import { z } from 'zod'

import {
  durations,
  mentalSymptoms,
  NOTES_MAX_LENGTH,
  physicalSymptoms,
  SEVERITY_DEFAULT,
  SEVERITY_MAX,
  SEVERITY_MIN,
} from '../content'
import type { SymptomInput, SymptomLog } from '../types'

const severity = z.number().int().min(SEVERITY_MIN).max(SEVERITY_MAX)

/**
 * docs/spec.md §5: duration is required; the symptoms and notes are optional text;
 * both severities are numbers 1..10. No custom messages: parse with
 * `classicErrorMessages` for the validation layer's default wording (an
 * unchosen duration reads 'Required', as the server says it).
 */
export const symptomFormSchema = z.object({
  physicalSymptom: z.string().pipe(z.union([z.literal(''), z.enum(physicalSymptoms)])),
  physicalSeverity: severity,
  mentalSymptom: z.string().pipe(z.union([z.literal(''), z.enum(mentalSymptoms)])),
  mentalSeverity: severity,
  duration: z.string().pipe(z.enum(durations, { error: (issue) => (issue.input === '' ? 'Required' : undefined) })),
  notes: z.string().max(NOTES_MAX_LENGTH),
})

export type SymptomFormValues = z.input<typeof symptomFormSchema>
export type SymptomFormOutput = z.output<typeof symptomFormSchema>

/** The form's fields, in order: the server's 400 messages are placed under these. */
export const symptomFormFields = [
  'physicalSymptom',
  'physicalSeverity',
  'mentalSymptom',
  'mentalSeverity',
  'duration',
  'notes',
] as const satisfies readonly (keyof SymptomFormValues)[]

/** docs/spec.md: nothing chosen, both sliders at 5, no duration, no notes. */
export const symptomFormDefaults: SymptomFormValues = {
  physicalSymptom: '',
  physicalSeverity: SEVERITY_DEFAULT,
  mentalSymptom: '',
  mentalSeverity: SEVERITY_DEFAULT,
  duration: '',
  notes: '',
}

/** A stored log as the edit form's values (a severity never given shows the default). */
export function symptomLogToForm(log: SymptomLog): SymptomFormValues {
  return {
    physicalSymptom: log.physicalSymptom,
    physicalSeverity: log.physicalSeverity ?? SEVERITY_DEFAULT,
    mentalSymptom: log.mentalSymptom,
    mentalSeverity: log.mentalSeverity ?? SEVERITY_DEFAULT,
    duration: log.duration,
    notes: log.notes,
  }
}

/**
 * The request body: docs/spec.md §7's six fields. A severity is sent only beside
 * its symptom (docs/api.md lets the app send null), so an untouched slider
 * of an unchosen symptom neither colours the entry's dot nor the trend.
 */
export function toSymptomInput(values: SymptomFormOutput): SymptomInput {
  return {
    physicalSymptom: values.physicalSymptom,
    physicalSeverity: values.physicalSymptom ? values.physicalSeverity : null,
    mentalSymptom: values.mentalSymptom,
    mentalSeverity: values.mentalSymptom ? values.mentalSeverity : null,
    duration: values.duration,
    notes: values.notes.trim(),
  }
}
