import { describe, expect, it } from 'vitest'

import { makeFhirBundle } from '@/testing/clinician-data'

import { summarize } from './summary'

const phq9 = { title: 'PHQ-9 (Patient Health Questionnaire-9)', citation: 'Kroenke K, et al. 2001.' }

describe('summarize', () => {
  it('has no name unless the Bundle carries one, and no instrument before any questionnaire', () => {
    expect(summarize(makeFhirBundle())).toEqual({ name: null, instruments: [] })
    expect(summarize(makeFhirBundle({ name: { given: 'Ana', family: 'Lopez' } })).name).toBe('Ana Lopez')
  })

  it('lists each instrument newest first, at most the trend rows, with the count and the source', () => {
    const scores = [3, 8, 12, 15, 11, 9, 7].map((score, day) => ({ at: `2026-11-0${day + 1}T18:00:00Z`, score, band: `band ${score}` }))
    const [summary] = summarize(makeFhirBundle({ instruments: [{ ...phq9, scores }] })).instruments
    expect(summary.title).toBe(phq9.title)
    expect(summary.citation).toBe(phq9.citation)
    expect(summary.count).toBe(7)
    expect(summary.rows.map((r) => r.score)).toEqual([7, 9, 11, 15, 12])
    expect(summary.rows[0]).toEqual({ takenAt: '2026-11-07T18:00:00Z', score: 7, band: 'band 7', parts: [] })
  })

  it('keeps the order of the Bundle for questionnaires taken within the same second', () => {
    const scores = [8, 5, 2].map((score) => ({ at: '2026-11-01T18:00:00Z', score }))
    const [summary] = summarize(makeFhirBundle({ instruments: [{ ...phq9, scores }] })).instruments
    expect(summary.rows.map((r) => r.score)).toEqual([2, 5, 8])
  })

  it("reads the BAM by its subscales, named without the instrument's", () => {
    const parts = [
      { label: 'Use', score: 0, band: 'No alcohol or drug use' },
      { label: 'Risk factors', score: 14, band: 'More risk factors' },
    ]
    const [bam] = summarize(
      makeFhirBundle({ instruments: [{ title: 'BAM (Brief Addiction Monitor)', citation: 'Cacciola JS, et al. 2013.', scores: [{ at: '2026-11-01T18:00:00Z', parts }] }] }),
    ).instruments
    expect(bam.rows[0].parts).toEqual(parts)
  })
})
