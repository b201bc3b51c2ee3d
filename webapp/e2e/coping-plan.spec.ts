import type { Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 9: Learn & Grow's Coping Plan Builder against the real binary:
 * build a plan, save it, reload and find it, print it.
 */

test.use({ colorScheme: 'light' })

const path = '/education/tools/coping-plan'

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('a coping plan is saved, still there after a reload, and prints on its own', async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page)
  await page.goto(path)

  await expect(page.getByRole('heading', { level: 1, name: 'My Coping Plan' })).toBeVisible()
  const form = page.getByRole('form', { name: 'My Coping Plan' })
  await expect(page.getByTestId('coping-plan-saved')).toContainText('Not saved yet')
  await page.waitForLoadState('networkidle')
  await saveScreenshot('coping-plan-empty-desktop')

  await form.getByRole('textbox', { name: 'Warning sign 1' }).fill('Not sleeping')
  await form.getByRole('textbox', { name: 'Warning sign 1' }).press('Enter')
  await expect(form.getByRole('textbox', { name: 'Warning sign 2' })).toBeFocused()
  await page.keyboard.type('Skipping meetings')
  await form.getByRole('textbox', { name: 'Trigger 1' }).fill('Payday evenings')
  await form.getByRole('button', { name: 'Add “Go for a walk”' }).click()
  await form.getByRole('button', { name: 'Add “4-7-8 breathing”' }).click()
  await form.getByRole('textbox', { name: 'Name 1' }).fill('Sam, my sponsor')
  await form.getByRole('textbox', { name: 'Phone 1' }).fill('555-0100')
  await form.getByRole('textbox', { name: 'Safe place 1' }).fill('The library')
  await expect(page.getByText('You have unsaved changes.')).toBeVisible()
  await saveScreenshot('coping-plan-filled-desktop')

  const saved = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/coping-plan' && res.request().method() === 'PUT',
  )
  await page.getByRole('button', { name: 'Save Coping Plan' }).click()
  const response = await saved
  expect(response.status()).toBe(200)
  expect(response.request().postDataJSON()).toEqual({
    warningSigns: ['Not sleeping', 'Skipping meetings'],
    triggersToAvoid: ['Payday evenings'],
    copingActions: ['Go for a walk', '4-7-8 breathing'],
    peopleToCall: [{ name: 'Sam, my sponsor', phone: '555-0100' }],
    safePlaces: ['The library'],
  })
  await expect(page.getByText('Coping plan saved', { exact: true })).toBeVisible()
  await expect(page.getByTestId('coping-plan-saved')).toContainText('Last saved')
  await expect(page.getByText('You have unsaved changes.')).toHaveCount(0)

  await page.reload()
  await expect(form.getByRole('textbox', { name: 'Warning sign 2' })).toHaveValue('Skipping meetings')
  await expect(form.getByRole('textbox', { name: 'Coping action 2' })).toHaveValue('4-7-8 breathing')
  await expect(form.getByRole('textbox', { name: 'Name 1' })).toHaveValue('Sam, my sponsor')
  await expect(form.getByRole('textbox', { name: 'Safe place 1' })).toHaveValue('The library')
  await expect(page.getByTestId('coping-plan-saved')).toContainText('Last saved')
  await page.waitForLoadState('networkidle')
  await saveScreenshot('coping-plan-desktop')

  // Print calls the browser's print; in print media only the sheet shows.
  await page.evaluate(() => {
    const w = window as Window & { printCalls?: number }
    w.printCalls = 0
    window.print = () => {
      w.printCalls = (w.printCalls ?? 0) + 1
    }
  })
  await page.getByRole('button', { name: 'Print' }).click()
  expect(await page.evaluate(() => (window as Window & { printCalls?: number }).printCalls)).toBe(1)
  await page.emulateMedia({ media: 'print' })
  const sheet = page.locator('[data-coping-plan-print]')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText('Sam, my sponsor: 555-0100')
  await expect(page.locator('#root')).toBeHidden()
  await saveScreenshot('coping-plan-print')
  await page.emulateMedia({ media: 'screen' })
  await expect(sheet).toBeHidden()

  // A server-side refusal shows under its section and loses nothing.
  await page.route('**/api/coping-plan', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'invalid', message: 'Check the plan.', fields: { safePlaces: 'Keep this section to at most 25 entries.' } }),
        })
      : route.continue(),
  )
  await form.getByRole('textbox', { name: 'Safe place 1' }).fill('The park')
  await page.getByRole('button', { name: 'Save Coping Plan' }).click()
  await expect(form.getByText('Keep this section to at most 25 entries.')).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Safe place 1' })).toHaveValue('The park')
  expect(problems.filter((p) => !p.includes('400'))).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the coping plan fits the screen', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.request.put('/api/coping-plan', {
      data: { warningSigns: ['Not sleeping'], copingActions: ['Go for a walk', 'Call Sam'], peopleToCall: [{ name: 'Sam', phone: '555-0100' }] },
    })
    await page.goto(path)
    await expect(page.getByRole('textbox', { name: 'Coping action 2' })).toHaveValue('Call Sam')
    await page.waitForLoadState('networkidle')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('coping-plan-mobile')
  })
})
