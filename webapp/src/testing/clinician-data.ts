import type { FhirBundle } from '@/features/clinician/types'

type Score = { at: string; score?: number; band?: string; parts?: { label: string; score: number; band: string }[] }

/**
 * A Bundle shaped as GET /api/export/fhir sends one (docs/fhir.md): the
 * Patient (named when name is given), a Questionnaire per instrument, and
 * per response its QuestionnaireResponse and score Observation.
 */
export function makeFhirBundle({ name, instruments = [] }: { name?: { given: string; family: string }; instruments?: { title: string; citation: string; scores: Score[] }[] } = {}): FhirBundle {
  const entry: NonNullable<FhirBundle['entry']> = [
    { fullUrl: 'urn:uuid:patient', resource: { resourceType: 'Patient', ...(name ? { name: [{ given: [name.given], family: name.family }] } : {}) } },
  ]
  instruments.forEach((instrument, i) => {
    const url = `urn:uuid:questionnaire-${i}`
    entry.push({ fullUrl: url, resource: { resourceType: 'Questionnaire', url, title: instrument.title, description: `Source: ${instrument.citation}` } })
    instrument.scores.forEach((s, j) => {
      const qr = `urn:uuid:response-${i}-${j}`
      entry.push({ fullUrl: qr, resource: { resourceType: 'QuestionnaireResponse', questionnaire: url } })
      entry.push({
        fullUrl: `urn:uuid:score-${i}-${j}`,
        resource: {
          resourceType: 'Observation',
          code: { text: `${instrument.title} total score` },
          effectiveDateTime: s.at,
          ...(s.score !== undefined ? { valueInteger: s.score } : {}),
          ...(s.band ? { interpretation: [{ text: s.band }] } : {}),
          ...(s.parts
            ? { component: s.parts.map((p) => ({ code: { text: `BAM ${p.label.toLowerCase()}` }, valueInteger: p.score, interpretation: [{ text: p.band }] })) }
            : {}),
          derivedFrom: [{ reference: qr }],
        },
      })
      // An item's answer, which the summary leaves to the file.
      entry.push({
        fullUrl: `urn:uuid:item-${i}-${j}`,
        resource: { resourceType: 'Observation', code: { text: 'an item' }, effectiveDateTime: s.at, valueCodeableConcept: { text: 'Several days' }, derivedFrom: [{ reference: qr }] },
      })
    })
  })
  return { resourceType: 'Bundle', type: 'collection', entry }
}
