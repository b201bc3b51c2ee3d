import { type APIRequestContext, type Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expectAxeClean } from './axe'
import { expect, test } from './fixtures'

/*
 * Issue 29, "a slip you cannot correct": a person with a day of history
 * checks in with an accidental "Yes", sees Recovery days drop to 0,
 * corrects the check-in to "No" on their history and sees the count come
 * back, on their dashboard and on their supporter's People I support;
 * then deletes a check-in. At phone and desktop sizes, against the real
 * binary.
 *
 * A day of history without touching the server's clock: the first
 * check-in is made in Pago Pago (UTC−11), then the person moves to
 * Kiritimati (UTC+14), where it is already a day or two later.
 */

const sizes = [
  { name: 'phone', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const

test.use({ colorScheme: 'light' })

async function checkInViaApi(request: APIRequestContext, substanceUse: boolean): Promise<{ id: number; date: string }> {
  const response = await request.post('/api/checkins', { data: { mood: 6, cravingIntensity: 2, substanceUse } })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: number; date: string }
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)
}

/** The supporter's summary of the wearer on People I support. */
function supporterSummary(page: Page) {
  return page.getByTestId('person-checkins')
}

for (const size of sizes) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch })

    test('an accidental "Yes" is corrected, Recovery days come back for the person and their supporter; a check-in is deleted', async ({
      page,
      browser,
      baseURL,
      saveScreenshot,
    }) => {
      test.setTimeout(360_000)
      const problems = watchForErrors(page)
      await registerViaApi(page, newAccount({ firstName: 'Noor', lastName: 'Haddad' }))
      expect((await page.request.patch('/api/auth/user', { data: { timezone: 'Pacific/Pago_Pago' } })).status()).toBe(200)
      const first = await checkInViaApi(page.request, false)
      expect((await page.request.patch('/api/auth/user', { data: { timezone: 'Pacific/Kiritimati' } })).status()).toBe(200)

      // A supporter who sees check-ins with their details (Recovery days), in a browser of their own.
      const supporterContext = await browser.newContext({ baseURL, viewport: size.viewport, isMobile: size.isMobile })
      const supporter = await supporterContext.newPage()
      try {
        await registerViaApi(supporter, newAccount({ firstName: 'Sam', lastName: 'Okafor' }))
        const invited = await page.request.post('/api/supporters', { data: { label: 'Sam', email: '' } })
        expect(invited.status()).toBe(201)
        const { token, supporter: link } = (await invited.json()) as { token: string; supporter: { id: number } }
        expect((await supporter.request.post('/api/care/accept', { data: { token } })).status()).toBe(200)
        const granted = await page.request.put(`/api/supporters/${link.id}/grant`, {
          data: { checkIns: true, checkInDetails: true, alerts: [], location: 'never' },
        })
        expect(granted.status(), await granted.text()).toBe(200)

        // Today's check-in, with "Yes" pressed by mistake.
        await page.goto('/checkin')
        await page.getByRole('radio', { name: 'Yes' }).check()
        await page.getByRole('button', { name: 'Complete Check-in' }).click()
        await expect(page).toHaveURL(/\/$/)
        const main = page.getByRole('main')
        const recovery = main.getByTestId('recovery-days')
        await expect(recovery).toHaveText(/^0 days\s*since you last reported using$/)
        await supporter.goto('/supporting')
        await expect(supporterSummary(supporter)).toContainText('0 days since they last reported using')

        const today = ((await (await page.request.get('/api/checkins/today')).json()) as { date: string }).date
        const tracked = daysBetween(first.date, today)
        expect(tracked).toBeGreaterThan(0)
        const trackedText = new RegExp(`^${tracked} ${tracked === 1 ? 'day' : 'days'}\\s*of recovery tracked$`)

        // The history: edit today's check-in in the same form, filled, and say "No".
        await page.goto('/checkins')
        const items = page.getByTestId('history-item')
        await expect(items).toHaveCount(2)
        const todays = items.first()
        await expect(todays).toContainText('Substance useYes')
        const edit = todays.getByRole('button', { name: /^Edit the check-in of/ })
        await edit.click()
        const dialog = page.getByRole('dialog', { name: /^Edit your check-in of/ })
        await expect(dialog.getByRole('radio', { name: 'Yes' })).toBeChecked()
        await expect(dialog.getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '5')
        await saveScreenshot(`checkin-edit-${size.name}`, { fullPage: false })
        await expectAxeClean(page, { include: '[role="dialog"]' })
        await dialog.getByRole('radio', { name: 'No' }).check()
        await dialog.getByRole('button', { name: 'Save changes' }).click()
        await expect(dialog).toBeHidden()
        await expect(edit).toBeFocused()
        await expect(todays).toContainText('Substance useNo')
        await expect(todays).toContainText('Edited')
        await saveScreenshot(`checkin-history-${size.name}`)

        // Recovery days come back on the dashboard, and on the supporter's screen.
        await page.getByRole('link', { name: 'Back to Dashboard' }).click()
        await expect(recovery).toHaveText(trackedText)
        await saveScreenshot(`checkin-corrected-dashboard-${size.name}`)
        await supporter.reload()
        await expect(supporterSummary(supporter)).toContainText(`${tracked} ${tracked === 1 ? 'day' : 'days'} of recovery`)
        await expect(supporterSummary(supporter)).not.toContainText('reported using')

        // Delete today's check-in, by keyboard, after the confirmation.
        await page.goto('/checkins')
        await expect(items).toHaveCount(2)
        await items.first().getByRole('button', { name: /^Delete the check-in of/ }).focus()
        await page.keyboard.press('Enter')
        const confirm = page.getByRole('alertdialog', { name: /^Delete your check-in of/ })
        await expect(confirm).toBeVisible()
        await saveScreenshot(`checkin-delete-confirm-${size.name}`, { fullPage: false })
        await expectAxeClean(page, { include: '[role="alertdialog"]' })
        await confirm.getByRole('button', { name: 'Delete check-in' }).click()
        await expect(confirm).toBeHidden()
        await expect(items).toHaveCount(1)
        await expect(items.first()).toHaveAttribute('data-date', first.date)
        await expect(page.getByText('Check-in deleted', { exact: true }).first()).toBeVisible()
        await expect(page.getByRole('list', { name: 'Check-ins' }).locator('..')).toBeFocused()

        await page.getByRole('link', { name: 'Back to Dashboard' }).click()
        await expect(main.getByText('No check-in today', { exact: true })).toBeVisible()
        await expect(recovery).toHaveText(trackedText)
        await supporter.reload()
        await expect(supporterSummary(supporter)).toContainText('No check-in today yet')
      } finally {
        await supporterContext.close()
      }
      expect(problems).toEqual([])
    })

    test('a sober date is set on the dashboard; a use after it is offered as a new start, never applied by itself', async ({
      page,
      saveScreenshot,
    }) => {
      test.setTimeout(240_000)
      const problems = watchForErrors(page)
      await registerViaApi(page, newAccount({ firstName: 'Noor', lastName: 'Haddad' }))
      await checkInViaApi(page.request, false)
      const today = ((await (await page.request.get('/api/checkins/today')).json()) as { date: string }).date
      const soberDate = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10)

      await page.goto('/')
      const recovery = page.getByRole('main').getByRole('region', { name: 'Recovery days' })
      await recovery.getByRole('button', { name: 'Set my sober date' }).click()
      const input = recovery.getByLabel('Sober date')
      await expect(input).toBeFocused()
      await input.fill(soberDate)
      await recovery.getByRole('button', { name: 'Save' }).click()
      await expect(recovery.getByTestId('recovery-days')).toHaveText(/^30 days\s*since your sober date$/)
      await expect(recovery.getByRole('button', { name: 'Change' })).toBeFocused()

      // A "Yes" today (corrected later, or not): the date stays until the person chooses.
      const slip = await page.request.patch(`/api/checkins/${((await (await page.request.get('/api/checkins/today')).json()) as { id: number }).id}`, {
        data: { substanceUse: true },
      })
      expect(slip.status()).toBe(200)
      await page.reload()
      const offer = recovery.getByTestId('sober-date-offer')
      await expect(offer).toBeVisible()
      await expect(recovery.getByTestId('recovery-days')).toHaveText(/^30 days/)
      await offer.scrollIntoViewIfNeeded()
      await saveScreenshot(`sober-date-offer-${size.name}`, { fullPage: false })
      await offer.getByRole('button', { name: /^Start again from/ }).click()
      await expect(recovery.getByTestId('recovery-days')).toHaveText(/^0 days\s*since your sober date$/)
      await expect(offer).toBeHidden()
      expect(problems).toEqual([])
    })
  })
}
