import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expectAxeClean } from './axe'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, saveFullPageScreenshot, test } from './fixtures'

/*
 * Issue 30's caseload, against the real binary: a supporter of three
 * people (one whose bracelet walks into an avoid zone and who does not
 * answer, one who checked in today, one who shares nothing) sees the
 * unclaimed alert first once the escalation reaches them (--escalate-after
 * 20s, global-setup.ts), filters, searches, and walks the list with the
 * keyboard; at desktop and at phone size.
 */

test.describe.configure({ timeout: 180_000 })

const OLD_BAR = { lat: 37.7793, lon: -122.4093 }
const LIST = 'People, whoever needs you most first'

/** Invites the supporter on the wearer's behalf, has them accept and sets the grant. */
async function link(wearer: APIRequestContext, supporter: APIRequestContext, grant: Record<string, unknown>) {
  const invited = await wearer.post('/api/supporters', { data: { label: 'Sam', email: '' } })
  expect(invited.status(), await invited.text()).toBe(201)
  const { token, supporter: l } = (await invited.json()) as { token: string; supporter: { id: number } }
  expect((await supporter.post('/api/care/accept', { data: { token } })).status()).toBe(200)
  const granted = await wearer.put(`/api/supporters/${l.id}/grant`, {
    data: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60, ...grant },
  })
  expect(granted.status(), await granted.text()).toBe(200)
}

async function apiWearer(baseURL: string, firstName: string, lastName: string): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL })
  const response = await request.post('/api/auth/register', {
    data: { ...newAccount({ firstName, lastName }), timezone: 'Europe/London' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return request
}

function rows(page: Page) {
  return page.getByRole('list', { name: LIST }).getByRole('link')
}

test('a supporter of three sees the unclaimed avoid-zone alert first, filters, searches and walks the list by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Sam', lastName: 'Okafor' }))

  // Alex: avoid-zone alerts, with a bracelet and an avoid zone.
  const alexContext = await browser.newContext({ baseURL })
  const alex = await alexContext.newPage()
  await registerViaApi(alex, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
  await link(alex.request, page.request, { alerts: ['avoid_zone'] })
  const device = await pairBracelet(alex)
  const zone = await alex.request.post('/api/safe-zones', {
    data: { name: 'Rusty Anchor', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 },
  })
  expect(zone.status(), await zone.text()).toBe(201)
  // Beth: check-ins, checked in today. Cole: nothing shared yet.
  const beth = await apiWearer(baseURL!, 'Beth', 'Nakamura')
  await link(beth, page.request, { checkIns: true })
  const checkin = await beth.post('/api/checkins', { data: { mood: 7, cravingIntensity: 2, substanceUse: false, triggers: [], copingStrategies: [] } })
  expect(checkin.status(), await checkin.text()).toBe(201)
  const cole = await apiWearer(baseURL!, 'Cole', 'Abara')
  await link(cole, page.request, {})

  // Before any alert: everyone by name, nothing needs Sam.
  await page.goto('/caseload')
  await expect(page.getByRole('heading', { level: 1, name: 'Caseload' })).toBeVisible()
  await expect(rows(page)).toHaveText([/Alex Rivera.*Nothing needs you now/, /Beth Nakamura.*Checked in today/, /Cole Abara.*Shares nothing/])

  // Alex's bracelet walks into the avoid zone; nobody answers; after the window Sam is told.
  const bracelet = await Bracelet.connect(device)
  try {
    const start = Date.now() - 30_000
    await bracelet.publish({ lat: 37.776, lon: -122.415, acc: 5, ts: start })
    for (let i = 0; i < 3; i++) {
      await bracelet.publish({ lat: OLD_BAR.lat, lon: OLD_BAR.lon, acc: 4, ts: start + 10_000 + i * 1000 })
    }
  } finally {
    await bracelet.close()
  }
  // The screen asks again every 15 s by itself.
  await expect(rows(page).first()).toContainText('Nobody on it yet', { timeout: 75_000 })
  await expect(rows(page).first()).toContainText('1 alert nobody has taken, since')
  await expect(rows(page)).toHaveText([/Alex Rivera/, /Beth Nakamura/, /Cole Abara/])

  // Filters, with counts.
  await expect(page.getByRole('button', { name: 'Needs attention now 1' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Everyone 3' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Nobody on it yet 1' }).click()
  await expect(rows(page)).toHaveText([/Alex Rivera/])
  await page.getByRole('button', { name: 'Missed check-ins 0' }).click()
  await expect(page.getByText('Nobody here right now.')).toBeVisible()
  await page.getByRole('button', { name: 'Everyone 3' }).click()
  await page.getByLabel('Search by name').fill('beth')
  await expect(rows(page)).toHaveText([/Beth Nakamura/])
  await expect(page.getByText('1 of 3 people')).toBeVisible()
  await page.getByLabel('Search by name').fill('')
  await expect(rows(page)).toHaveCount(3)
  await saveFullPageScreenshot(page, 'caseload-desktop')
  await expectAxeClean(page)

  // The keyboard: Tab reaches the list, the arrows move, Enter opens the person.
  await rows(page).first().focus()
  await page.keyboard.press('ArrowDown')
  await expect(rows(page).nth(1)).toBeFocused()
  await page.keyboard.press('End')
  await expect(rows(page).nth(2)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(rows(page).first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/supporting\/\d+$/)
  await expect(page.getByTestId('person-alert')).toContainText('Rusty Anchor')

  // At phone size: cards, one under the other, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/caseload')
  await expect(rows(page)).toHaveCount(3)
  const first = await rows(page).first().boundingBox()
  const second = await rows(page).nth(1).boundingBox()
  expect(first && second && second.y >= first.y + first.height).toBeTruthy()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await saveFullPageScreenshot(page, 'caseload-phone')

  expect(problems).toEqual([])
  await alexContext.close()
  await beth.dispose()
  await cole.dispose()
})
