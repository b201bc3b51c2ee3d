import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 31: a person takes a PHQ-9 and answers item 9 above "Not at all":
 * the crisis layer opens at once (988, the safety plan, "Alert my people
 * now"), the response is stored all the same and history shows it. At phone
 * size, a GAD-7 shows its band and the trend.
 */

test.use({ colorScheme: 'light' })

/** Answers the current question with `answer` and goes on. */
async function answer(page: Page, n: number, total: number, text: string) {
  await expect(page.getByTestId('measure-progress')).toHaveText(`Question ${n} of ${total}`)
  await page.getByRole('radio', { name: text, exact: true }).click()
  await page.getByRole('button', { name: 'Next' }).click()
}

test('a PHQ-9 with item 9 above "Not at all" opens the crisis layer, and history shows the response', async ({ page, saveScreenshot }) => {
  test.slow()
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Robin' }))

  await page.goto('/')
  await page.getByRole('navigation', { name: 'Your progress' }).first().getByRole('link', { name: 'Questionnaires' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible()
  const card = page.getByTestId('measure-phq9')
  await expect(card.getByText('Due now')).toBeVisible()
  await saveScreenshot('measures-list-desktop')
  await card.getByRole('link', { name: 'Take the PHQ-9' }).click()

  await expect(page.getByText('Over the last 2 weeks, how often have you been bothered by any of the following problems?')).toBeVisible()
  for (let n = 1; n <= 8; n++) await answer(page, n, 10, 'Not at all')
  await expect(page.getByTestId('measure-progress')).toHaveText('Question 9 of 10')
  // By keyboard: arrow keys move through the answers and select them.
  await page.getByRole('radio', { name: 'Not at all', exact: true }).click()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: 'Several days' })).toBeChecked()

  const layer = page.getByRole('dialog', { name: "You don't have to carry this alone" })
  await expect(layer).toBeVisible()
  await expect(layer.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
  await expect(layer.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988')
  await expect(layer.getByRole('link', { name: 'Open my safety plan' })).toHaveAttribute('href', '/crisis/safety-plan')
  await expect(layer.getByRole('button', { name: 'Alert my people now' })).toBeVisible()
  await saveScreenshot('measures-crisis-layer-desktop', { fullPage: false })
  await layer.getByRole('button', { name: 'Continue' }).click()
  await expect(layer).toBeHidden()

  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByLabel('Anything you want to remember about these weeks? (optional)').fill('A heavy week')
  await page.getByRole('button', { name: 'See my result' }).click()

  // The crisis help comes first, before the score.
  const crisis = page.getByTestId('crisis-card')
  await expect(crisis.getByRole('link', { name: 'Call 988' })).toBeVisible()
  await expect(page.getByTestId('measure-band')).toContainText('Minimal or no symptoms of depression')
  await expect(page.getByTestId('measure-band')).toContainText('Your score: 1 of 27')
  await saveScreenshot('measures-result-crisis-desktop')

  await page.getByRole('link', { name: 'See my history' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'PHQ-9 over time' })).toBeVisible()
  const item = page.getByTestId('measure-history-item')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('1 of 27')
  await expect(item).toContainText('A heavy week')
  expect(problems).toEqual([])
})

test.describe('at phone size', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })

  test('a GAD-7 shows its band and the trend', async ({ page, saveScreenshot }) => {
    test.slow()
    const problems = watchForErrors(page)
    await registerViaApi(page, newAccount({ firstName: 'Kai' }))
    // An earlier result, so the trend has two points.
    const earlier = await page.request.post('/api/measures/responses', { data: { instrument: 'gad7', answers: [1, 1, 1, 0, 0, 0, 0, null] } })
    expect(earlier.status()).toBe(201)

    await page.goto('/measures/gad7')
    const answers = ['More than half the days', 'More than half the days', 'More than half the days', 'More than half the days', 'More than half the days', 'Not at all', 'Not at all']
    for (const [i, text] of answers.entries()) await answer(page, i + 1, 8, text)
    await page.getByRole('button', { name: 'Skip' }).click()
    await saveScreenshot('measures-note-phone')
    await page.getByRole('button', { name: 'See my result' }).click()

    await expect(page.getByTestId('crisis-card')).toHaveCount(0)
    await expect(page.getByTestId('measure-band')).toContainText('Moderate symptoms of anxiety')
    await expect(page.getByTestId('measure-band')).toContainText('Your score: 10 of 21')
    await saveScreenshot('measures-result-phone')

    await page.getByRole('link', { name: 'See my history' }).click()
    const trend = page.getByTestId('measure-trend')
    await expect(trend).toHaveAttribute('data-points', '2')
    await expect(trend.locator('.apexcharts-series path').first()).toBeVisible()
    await expect(page.getByTestId('measure-history-item')).toHaveCount(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    await saveScreenshot('measures-history-phone')
    expect(problems).toEqual([])
  })
})
