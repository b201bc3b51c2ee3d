import { describe, expect, it } from 'vitest'

import { makeSymptomLog } from '@/testing/symptom-data'

import { entrySeverity, entryTitle, severityDescription, severityLevel } from './severity'

describe('entryTitle', () => {
  it.each([
    ['the physical symptom first', { physicalSymptom: 'Nausea', mentalSymptom: 'Anxiety' }, 'Nausea'],
    ['else the mental symptom', { physicalSymptom: '', mentalSymptom: 'Anxiety' }, 'Anxiety'],
    ['else Symptom logged', { physicalSymptom: '', mentalSymptom: '' }, 'Symptom logged'],
  ])('is %s', (_, overrides, want) => {
    expect(entryTitle(makeSymptomLog(overrides))).toBe(want)
  })
})

describe('entrySeverity', () => {
  it.each([
    ['the physical severity', { physicalSeverity: 3, mentalSeverity: 9 }, 3],
    ['the mental one without a physical one', { physicalSeverity: null, mentalSeverity: 9 }, 9],
    ['0 without either', { physicalSeverity: null, mentalSeverity: null }, 0],
  ])('is %s', (_, overrides, want) => {
    expect(entrySeverity(makeSymptomLog(overrides))).toBe(want)
  })
})

describe('severityLevel (the dot colour)', () => {
  it.each([
    [0, 'low'],
    [1, 'low'],
    [4, 'low'],
    [5, 'medium'],
    [7, 'medium'],
    [8, 'high'],
    [10, 'high'],
  ] as const)('%i is %s', (severity, want) => {
    expect(severityLevel(severity)).toBe(want)
  })
})

describe('severityDescription (the dot in words)', () => {
  it.each([
    [8, 'Severity 8 of 10, high'],
    [5, 'Severity 5 of 10, moderate'],
    [2, 'Severity 2 of 10, low'],
    [0, 'No severity recorded'],
  ])('%i reads %s', (severity, want) => {
    expect(severityDescription(severity)).toBe(want)
  })
})
