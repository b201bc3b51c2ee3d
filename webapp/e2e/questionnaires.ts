import type { Page } from '@playwright/test'

import { expect } from './fixtures'

export type Instrument = 'phq9' | 'gad7' | 'bam' | 'auditc'

/** Answers for each instrument in its item order (measures/instruments.go): every item 0, BAM's optional 7a–7g skipped. */
export const calmAnswers: Record<Instrument, (number | null)[]> = {
  phq9: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  gad7: [0, 0, 0, 0, 0, 0, 0, 0],
  bam: [0, 0, 0, 0, 0, 0, null, null, null, null, null, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  auditc: [0, 0, 0],
}

/** Takes a questionnaire through the API (POST /api/measures/responses) as the page's account. */
export async function takeQuestionnaire(page: Page, instrument: Instrument, answers: (number | null)[] = calmAnswers[instrument]) {
  const response = await page.request.post('/api/measures/responses', { data: { instrument, answers } })
  expect(response.status(), await response.text()).toBe(201)
}
