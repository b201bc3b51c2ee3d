import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, test } from './fixtures'
import { BASE_URL_ENV } from './paths'

/*
 * Issue 20, SOS and the escalation ladder's first step, against the real
 * binary: "Alert my people now" in the shell with one confirmation, the kind
 * 409 for a second press within the minute, a supporter with the SOS scope
 * seeing it on "People I support", and "I'm okay" on an avoid-zone alert.
 * The SOS's position, its end and the supporter's live screen are
 * sos-lifecycle.spec.ts's.
 */

const OLD_BAR = { lat: 37.7793, lon: -122.4093 }

test.use({ colorScheme: 'light' })

/** A second account accepts the wearer's invitation and is granted the SOS scope; it returns that account's page. */
async function addSupporter(page: Page, label: string, alerts: string[] = ['sos']): Promise<Page> {
  const invite = await page.request.post('/api/supporters', { data: { label } })
  expect(invite.status(), await invite.text()).toBe(201)
  const { supporter, token } = (await invite.json()) as { supporter: { id: number }; token: string }
  const context = await page.context().browser()!.newContext({ baseURL: process.env[BASE_URL_ENV] })
  const other = await context.newPage()
  await registerViaApi(other, newAccount({ firstName: label }))
  const accept = await other.request.post('/api/care/accept', { data: { token } })
  expect(accept.status(), await accept.text()).toBeLessThan(300)
  const grant = await page.request.put(`/api/supporters/${supporter.id}/grant`, {
    data: { checkIns: false, checkInDetails: false, alerts, location: 'during_alert', locationWindowMinutes: 60 },
  })
  expect(grant.status(), await grant.text()).toBe(200)
  return other
}

test('the shell button asks once, names who is told, sends, and a second press within the minute is the kind 409', async ({
  page,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Alex' }))
  const sam = await addSupporter(page, 'Sam')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alex!' })).toBeVisible()

  const button = page.getByRole('button', { name: 'Alert my people now' })
  await button.click()
  const dialog = page.getByRole('alertdialog', { name: 'Alert your people now?' })
  // Sam has no channel yet: the dialog says so plainly, and offers calls instead.
  await expect(dialog.getByTestId('sos-audience')).toHaveText('They will see it only when they open Lifeline:')
  await expect(dialog.getByTestId('sos-listeners')).toHaveText('Sam — only in the app, when they open Lifeline')
  await expect(dialog.getByText(/Nobody will hear this outside the app/)).toBeVisible()
  await expect(dialog.getByRole('group', { name: 'Call now' }).getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
  await expect(dialog.getByRole('button', { name: 'Not now' })).toBeFocused()
  await saveScreenshot('sos-confirm-desktop', { fullPage: false })
  // Escape sends nothing and gives the focus back.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()

  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Yes, alert them now' }).click()
  const done = page.getByRole('alertdialog', { name: 'Your SOS is waiting in the app' })
  await expect(done.getByTestId('sos-result')).toContainText('1 person will see it only when they open Lifeline, so they may not know yet.')
  await saveScreenshot('sos-sent-desktop', { fullPage: false })
  await done.getByRole('button', { name: 'Close' }).click()

  // A second press within a minute of the first (lifeline.SOSRepeatWindow): the server's kind
  // message, nobody told twice.
  await button.click()
  await page.getByRole('alertdialog', { name: 'Alert your people now?' }).getByRole('button', { name: 'Yes, alert them now' }).click()
  const repeat = page.getByRole('alertdialog', { name: 'Already sent' })
  await expect(repeat.getByTestId('sos-result')).toContainText('Your people were told a moment ago')
  await expect(repeat.getByTestId('sos-result')).toContainText('988')
  await page.keyboard.press('Escape')
  await expect(repeat).toBeHidden()

  // The open SOS stays in reach on every screen until "I'm safe now".
  const banner = page.getByRole('region', { name: 'Your SOS is open' })
  await expect(banner.getByRole('button', { name: "I'm safe now" })).toBeVisible()
  await saveScreenshot('sos-banner-desktop', { fullPage: false })

  // The supporter sees the SOS on People I support.
  await expect
    .poll(async () => {
      const res = await sam.request.get('/api/supporting')
      const people = (await res.json()) as { sos: { type: string } | null }[]
      return people.map((p) => p.sos?.type)
    }, { timeout: 20_000 })
    .toContain('sos')

  expect(problems.filter((p) => !p.includes('409'))).toEqual([])
  await sam.context().close()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the top bar has the SOS button; with nobody in the circle the dialog says where to call', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.goto('/crisis')
    const button = page.getByRole('banner').getByRole('button', { name: 'Alert my people now' })
    await expect(button).toBeVisible()
    await expect(page.getByRole('region', { name: 'Tell your people' })).toBeVisible()
    await button.click()
    const dialog = page.getByRole('alertdialog', { name: 'Alert your people now?' })
    await expect(dialog.getByTestId('sos-audience')).toContainText('Nobody in your care circle has the SOS alert yet')
    await expect(dialog.getByTestId('sos-audience')).toContainText('988')
    await expect(dialog.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
    await saveScreenshot('sos-confirm-phone', { fullPage: false })
    await dialog.getByRole('button', { name: 'Not now' }).click()
    await saveScreenshot('sos-crisis-phone', { fullPage: false })
  })
})

test("I'm okay on an avoid-zone alert says when; Why this alert? lists who was told", async ({ page, saveScreenshot }) => {
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  const zone = await page.request.post('/api/safe-zones', {
    data: { name: 'Old bar', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 },
  })
  expect(zone.status()).toBe(201)
  const sponsor = await page.request.post('/api/crisis-contacts', {
    data: { name: 'Sam', phone: '+1 555 010 2000', relationship: 'sponsor', isEmergency: false },
  })
  expect(sponsor.status(), await sponsor.text()).toBe(201)
  const sam = await addSupporter(page, 'Sam', ['avoid_zone'])
  const device = await pairBracelet(page)
  const bracelet = await Bracelet.connect(device)
  try {
    const start = Date.now() - 30_000
    for (let i = 0; i < 3; i++) await bracelet.publish({ lat: OLD_BAR.lat, lon: OLD_BAR.lon, acc: 4, ts: start + i * 1000 })
  } finally {
    await bracelet.close()
  }

  await page.goto('/gps')
  const alert = page.getByTestId('alert').filter({ hasText: 'Old bar' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  await expect(alert.getByRole('link', { name: 'Call Sam, my sponsor' })).toHaveAttribute('href', 'tel:+15550102000')
  await expect(alert.getByRole('link', { name: 'Open my safety plan' })).toHaveAttribute('href', '/crisis/safety-plan')
  await alert.getByRole('button', { name: 'Why this alert?' }).click()
  // Sam's step waits for --escalate-after; "I'm okay" skips it, and says why.
  await expect(alert.getByTestId('alert-deliveries')).toContainText(/Sam · in the app · waiting · due \d{1,2}:\d\d [AP]M/)
  await alert.getByRole('button', { name: "I'm okay" }).click()
  await expect(alert.getByTestId('okay-at')).toHaveText(/^You said you're okay at \d{1,2}:\d\d [AP]M$/)
  await expect(alert.getByTestId('alert-deliveries')).toContainText(`Sam · in the app · not sent`)
  await expect(alert.getByTestId('alert-deliveries')).toContainText(`why: They answered "I'm okay".`)
  await sam.context().close()
  await saveScreenshot('sos-alert-okay-desktop', { fullPage: false })

  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'When my people are told' })
  await section.getByLabel('After a wait I choose').check()
  await section.getByLabel('Minutes to wait (1–120)').fill('30')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByText('Saved.')).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await saveScreenshot('sos-escalation-settings-desktop', { fullPage: false })
  const saved = await page.request.get('/api/escalation')
  expect(await saved.json()).toMatchObject({ avoidZone: 'after', avoidZoneMinutes: 30 })
})
