import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { webappDir } from './paths'
import { calmAnswers, takeQuestionnaire } from './questionnaires'

test.use({ colorScheme: 'light' })

/** Runs webapp/scripts/fhir-validate.mjs (Medplum's validator, docs/fhir.md) on a file. */
async function validateFhir(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)('node', [path.join(webappDir, 'scripts', 'fhir-validate.mjs'), file], { cwd: webappDir })
    return { code: 0, output: stdout }
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

test('a person takes questionnaires, downloads the FHIR file for their clinician, and it validates', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchForErrors(page)
  const account = await registerViaApi(page, newAccount({ firstName: 'Rosa', lastName: 'Martinez' }))
  // A few weeks of questionnaires: the PHQ-9 moving down, and one of each other instrument.
  for (const score of [2, 1, 1, 0]) await takeQuestionnaire(page, 'phq9', [score, score, score, 1, 1, 0, 0, 0, 0, 1])
  for (const instrument of ['gad7', 'bam', 'auditc'] as const) await takeQuestionnaire(page, instrument, calmAnswers[instrument])

  await page.goto('/settings')
  await page.getByRole('link', { name: 'My data for my clinician' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My data for my clinician' })).toBeVisible()
  for (const label of ['My name', 'My email address', 'My phone number']) await expect(page.getByRole('checkbox', { name: label })).not.toBeChecked()

  const summary = page.getByRole('region', { name: 'One-page summary' })
  await expect(summary.getByRole('heading', { name: 'PHQ-9 (Patient Health Questionnaire-9)' })).toBeVisible()
  await expect(summary.getByText(/^Taken 4 times\. Source: Kroenke K/)).toBeVisible()
  await expect(summary.getByRole('heading', { name: 'BAM (Brief Addiction Monitor)' })).toBeVisible()
  await expect(summary.getByText(/Prepared for/)).toHaveCount(0)

  await page.getByRole('checkbox', { name: 'My name' }).click()
  await expect(summary.getByText('Prepared for Rosa Martinez')).toBeVisible()
  await saveFullPageScreenshot(page, 'clinician-desktop')

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the FHIR file' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^lifeline-fhir-\d{4}-\d{2}-\d{2}\.json$/)
  const file = await download.path()
  const bundle = await readFile(file, 'utf8')
  expect(bundle).toContain('"family": "Martinez"')
  expect(bundle).not.toContain(account.email)
  expect(bundle).toContain('"code": "44261-6"')

  const { code, output } = await validateFhir(file)
  expect(code, output).toBe(0)
  expect(output).toContain(' 0 errors')

  // On paper: the summary alone, on one sheet of Letter and of A4.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('[data-print-sheet]')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'My data for my clinician' })).toBeHidden()
  await saveFullPageScreenshot(page, 'clinician-print')
  for (const format of ['Letter', 'A4']) {
    const pdf = (await page.pdf({ format })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page\b/g) ?? [], `pages on ${format}`).toHaveLength(1)
  }
  await page.emulateMedia({ media: 'screen' })
  expect(problems).toEqual([])
})

test('at phone size, before any questionnaire, the screen says there is nothing yet', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await registerViaApi(page)
  await page.goto('/clinician')
  await expect(page.getByRole('heading', { name: 'No questionnaires yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download the FHIR file' })).toHaveCount(0)
  await saveFullPageScreenshot(page, 'clinician-phone-empty')

  await takeQuestionnaire(page, 'gad7')
  await page.reload()
  await expect(page.getByRole('link', { name: 'Download the FHIR file' })).toBeVisible()
  await saveFullPageScreenshot(page, 'clinician-phone')
  await context.close()
})
