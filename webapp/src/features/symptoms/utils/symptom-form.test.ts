import { describe, expect, it } from 'vitest'

import { classicErrorMessages } from '@/lib/validation-messages'
import { makeSymptomLog } from '@/testing/symptom-data'

import {
  symptomFormDefaults,
  symptomFormSchema,
  symptomLogToForm,
  toSymptomInput,
  type SymptomFormValues,
} from './symptom-form'

function errorsOf(values: SymptomFormValues): Record<string, string> {
  const result = symptomFormSchema.safeParse(values, { error: classicErrorMessages })
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

const valid: SymptomFormValues = { ...symptomFormDefaults, duration: 'All day' }

describe('symptomFormSchema (docs/spec.md §5)', () => {
  it('starts with both sliders at 5, nothing chosen', () => {
    expect(symptomFormDefaults).toEqual({
      physicalSymptom: '',
      physicalSeverity: 5,
      mentalSymptom: '',
      mentalSeverity: 5,
      duration: '',
      notes: '',
    })
  })

  it('needs only a duration', () => {
    expect(errorsOf(valid)).toEqual({})
    expect(errorsOf(symptomFormDefaults)).toEqual({ duration: 'Required' })
  })

  it.each([
    ['a physical symptom off the list', { physicalSymptom: 'Hiccups' }, 'physicalSymptom'],
    ['a mental symptom off the list', { mentalSymptom: 'Hiccups' }, 'mentalSymptom'],
    ['a duration off the list', { duration: 'A week' }, 'duration'],
  ])('refuses %s', (_, overrides, field) => {
    expect(Object.keys(errorsOf({ ...valid, ...overrides }))).toEqual([field])
  })

  it.each([
    [0, 'Number must be greater than or equal to 1'],
    [11, 'Number must be less than or equal to 10'],
    [5.5, 'Expected integer, received float'],
  ])('refuses severity %s with the default message', (severity, message) => {
    expect(errorsOf({ ...valid, physicalSeverity: severity })).toEqual({ physicalSeverity: message })
    expect(errorsOf({ ...valid, mentalSeverity: severity })).toEqual({ mentalSeverity: message })
  })

  it('accepts notes of 5000 characters and refuses 5001', () => {
    expect(errorsOf({ ...valid, notes: 'a'.repeat(5000) })).toEqual({})
    expect(errorsOf({ ...valid, notes: 'a'.repeat(5001) })).toEqual({
      notes: 'String must contain at most 5000 character(s)',
    })
  })
})

describe('toSymptomInput', () => {
  it('sends a severity only beside its symptom, and trims the notes', () => {
    const values = symptomFormSchema.parse({
      physicalSymptom: 'Headache',
      physicalSeverity: 8,
      mentalSymptom: '',
      mentalSeverity: 3,
      duration: 'Half day',
      notes: '  after the late shift \n',
    })
    expect(toSymptomInput(values)).toEqual({
      physicalSymptom: 'Headache',
      physicalSeverity: 8,
      mentalSymptom: '',
      mentalSeverity: null,
      duration: 'Half day',
      notes: 'after the late shift',
    })
  })
})

describe('symptomLogToForm', () => {
  it('opens a stored log with its values, a missing severity at the default', () => {
    const log = makeSymptomLog({ mentalSymptom: 'Anxiety', mentalSeverity: null, notes: 'Rough night' })
    expect(symptomLogToForm(log)).toEqual({
      physicalSymptom: 'Headache',
      physicalSeverity: 6,
      mentalSymptom: 'Anxiety',
      mentalSeverity: 5,
      duration: '1-4 hours',
      notes: 'Rough night',
    })
  })
})
