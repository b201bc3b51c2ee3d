import type { FhirBundle, FhirConcept, FhirObservation, FhirPatient, FhirQuestionnaire, FhirQuestionnaireResponse } from '../types'

/** One completed questionnaire on the summary: its score, band, and a subscale's when it has them (BAM). */
export type SummaryRow = {
  takenAt: string
  score: number
  band: string
  parts: { label: string; score: number; band: string }[]
}

export type InstrumentSummary = {
  title: string
  /** The published source, as the Bundle's Questionnaire cites it. */
  citation: string
  /** Newest first, at most the trend's rows. */
  rows: SummaryRow[]
  /** How many times it was taken in all. */
  count: number
}

export type ClinicianSummary = {
  /** The person's name, only when they chose to include it. */
  name: string | null
  instruments: InstrumentSummary[]
}

/** Rows of each instrument's trend table: the page must fit one sheet of paper. */
export const TREND_ROWS = 5

const textOf = (concepts: FhirConcept[] | undefined) => concepts?.[0]?.text ?? ''

/** A score is a total (a whole number) or a set of subscale scores (BAM); an item's answer is a coded concept. */
function isScore(o: FhirObservation): boolean {
  return typeof o.valueInteger === 'number' || (o.component?.length ?? 0) > 0
}

/** "BAM risk factors" under the BAM's heading reads "Risk factors". */
function partLabel(text: string): string {
  const part = text.replace(/^\S+ /, '')
  return part.charAt(0).toUpperCase() + part.slice(1)
}

/**
 * The one-page summary, read from the very Bundle a clinician would import,
 * so the paper and the file never disagree: each instrument's scores,
 * newest first, with their bands.
 */
export function summarize(bundle: FhirBundle, trendRows = TREND_ROWS): ClinicianSummary {
  const byUrl = new Map<string, unknown>()
  let patient: FhirPatient | undefined
  const questionnaires: FhirQuestionnaire[] = []
  const scores: FhirObservation[] = []
  for (const { fullUrl, resource } of bundle.entry ?? []) {
    byUrl.set(fullUrl, resource)
    if (resource.resourceType === 'Patient') patient = resource as FhirPatient
    if (resource.resourceType === 'Questionnaire') questionnaires.push(resource as FhirQuestionnaire)
    if (resource.resourceType === 'Observation' && isScore(resource as FhirObservation)) scores.push(resource as FhirObservation)
  }

  const rowsOf = new Map<string, SummaryRow[]>()
  for (const score of scores) {
    const response = byUrl.get(score.derivedFrom?.[0]?.reference ?? '') as FhirQuestionnaireResponse | undefined
    if (!response) continue
    const rows = rowsOf.get(response.questionnaire) ?? []
    rows.push({
      takenAt: score.effectiveDateTime,
      score: score.valueInteger ?? 0,
      band: textOf(score.interpretation),
      parts: (score.component ?? []).map((c) => ({
        label: partLabel(c.code.text ?? ''),
        score: c.valueInteger ?? 0,
        band: textOf(c.interpretation),
      })),
    })
    rowsOf.set(response.questionnaire, rows)
  }

  const name = patient?.name?.[0]
  return {
    name: name ? [...(name.given ?? []), name.family ?? ''].join(' ').trim() || null : null,
    instruments: questionnaires
      .map((q) => {
        // The Bundle lists responses oldest first: reversed, then a stable sort, two taken within the same second stay in order.
        const rows = (rowsOf.get(q.url) ?? []).reverse().sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt))
        return { title: q.title, citation: (q.description ?? '').replace(/^Source: /, ''), rows: rows.slice(0, trendRows), count: rows.length }
      })
      .filter((s) => s.count > 0),
  }
}
