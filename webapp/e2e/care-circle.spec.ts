import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors, type Account } from './accounts'
import { expectAxeClean } from './axe'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { decryptPush, newPushKeys, startReceiver } from './receiver'
import { CONFIRMATION_SUBJECT, confirmAddress, mailTo, waitForMail } from './smtp'

/*
 * Issue 20's "Done when", in the browser against the real binary, a real
 * SMTP server (cmd/lifeline-smtptest) and a bracelet speaking MQTT: a wearer invites a
 * supporter on Care circle, the supporter accepts through the accept page
 * (signing up on the way), the wearer grants avoid-zone alerts and the
 * location during an alert, the bracelet walks into an avoid zone, the
 * wearer gets a web push (to a local stand-in for the push service,
 * decrypted here with the subscription's keys) and an email at once, nobody answers for the shortened window
 * (--escalate-after 20s, see global-setup.ts), the supporter is emailed
 * and sees the alert and the map on People I support; the wearer removes
 * them and they see nothing more.
 */

const OLD_BAR = { lat: 37.7793, lon: -122.4093 }
const ESCALATE_AFTER_MS = 20_000

test.describe.configure({ timeout: 240_000 })

/** Adds an email channel and confirms it from its confirmation email, as its owner would. */
async function addEmailChannel(request: APIRequestContext, address: string) {
  const response = await request.post('/api/channels', { data: { kind: 'email', address } })
  expect(response.status(), await response.text()).toBe(201)
  await confirmAddress(request, address)
}

/** The messages to an address besides its confirmation. */
async function alertMailTo(address: string) {
  return (await mailTo(address)).filter((m) => m.subject !== CONFIRMATION_SUBJECT)
}

/** A third person, through the API only: a supporter without the location scope. */
async function apiAccount(baseURL: string, account: Account): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL })
  const response = await request.post('/api/auth/register', { data: { ...account, timezone: 'Europe/London' } })
  expect(response.status(), await response.text()).toBe(201)
  return request
}

function personRegion(page: Page, name: string) {
  return page.getByRole('region', { name })
}

test('a wearer invites a supporter, an avoid zone escalates by email and to People I support, and removing them ends it', async ({
  page,
  browser,
  baseURL,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  const wearer = await registerViaApi(page, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
  const wearerName = 'Alex Rivera'
  await addEmailChannel(page.request, wearer.email)
  // The wearer's phone, subscribed to web push (the browser's permission flow is notifications.spec.ts's).
  const pushService = await startReceiver()
  const keys = newPushKeys()
  const subscribed = await page.request.post('/api/channels', {
    data: {
      kind: 'push',
      address: `${pushService.url}/push/alex-phone`,
      keys: { p256dh: keys.p256dh, auth: keys.authBase64 },
      label: 'Alex’s phone',
    },
  })
  expect(subscribed.status(), await subscribed.text()).toBe(201)
  const zone = await page.request.post('/api/safe-zones', {
    data: { name: 'Rusty Anchor', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 },
  })
  expect(zone.status(), await zone.text()).toBe(201)
  const device = await pairBracelet(page, 'Left wrist')

  // Care circle: empty, then "Invite a supporter" gives the one-time link.
  await page.goto('/care-circle')
  await expect(page.getByRole('heading', { level: 1, name: 'Care circle' })).toBeVisible()
  await expect(page.getByText(/never see your check-in notes/)).toBeVisible()
  await expect(page.getByText(/Nobody is in your care circle yet/)).toBeVisible()
  await expect(page.getByText('Nobody has looked at anything yet.')).toBeVisible()
  const supporter = newAccount({ firstName: 'Sam', lastName: 'Okafor' })
  await page.getByRole('button', { name: 'Invite a supporter' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite a supporter' })
  await dialog.getByRole('button', { name: 'Create invitation link' }).click()
  await expect(dialog.getByText('Write a name or a few words so you know who this is.')).toBeVisible()
  await dialog.getByLabel('How do you know them?').fill('Sam, my sponsor')
  await dialog.getByLabel('Their email (optional)').fill(supporter.email)
  await dialog.getByRole('button', { name: 'Create invitation link' }).click()
  const done = page.getByRole('dialog', { name: 'Send them this link' })
  await expect(done.getByText(/It works once, for 7 days/)).toBeVisible()
  const inviteUrl = await done.getByTestId('invite-url').inputValue()
  expect(inviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/care\/accept#token=[\w-]+$/)
  await expect(done.getByRole('button', { name: 'Copy the invitation link' })).toBeVisible()
  await saveScreenshot('care-invite-dialog-desktop', { fullPage: false })
  await expectAxeClean(page)
  await done.getByRole('button', { name: 'Done' }).click()
  const sam = personRegion(page, 'Sam, my sponsor')
  await expect(sam.getByTestId('supporter-status')).toHaveText('Invited')
  // With an email address, the server also sends the invitation, carrying the same link.
  const invitation = await waitForMail(supporter.email, /Alex Rivera invited you to their Lifeline care circle/, 30_000)
  expect(invitation.body).toContain(inviteUrl)
  await page.reload()
  await expect(sam.getByTestId('invite-email-state')).toHaveText('Invitation email sent.')

  // The supporter opens the link signed out, creates an account and comes back to accept.
  const supporterContext = await browser.newContext({ baseURL })
  const other = await supporterContext.newPage()
  const otherProblems = watchForErrors(other)
  const seenUrls: string[] = []
  other.on('request', (r) => seenUrls.push(r.url()))
  try {
    const link = new URL(inviteUrl)
    await other.goto(`${link.pathname}${link.hash}`)
    await expect(other.getByRole('heading', { level: 1, name: 'Join a care circle' })).toBeVisible()
    await expect(other.getByText('Alex has invited you to their care circle.')).toBeVisible()
    await expect(other.getByText(/Sign in or create a Lifeline account to accept/)).toBeVisible()
    // The token left the address bar (it waits in the tab's sessionStorage).
    await expect(other).toHaveURL(/\/care\/accept$/)
    await other.getByRole('link', { name: 'Create account' }).click()
    await other.getByLabel('First name').fill(supporter.firstName)
    await other.getByLabel('Last name').fill(supporter.lastName)
    await other.getByLabel('Email').fill(supporter.email)
    await other.getByLabel('Password', { exact: true }).fill(supporter.password)
    await other.getByRole('button', { name: 'Create account' }).click()
    await expect(other).toHaveURL(/\/care\/accept$/)
    await other.getByRole('button', { name: 'Accept invitation' }).click()
    await expect(other.getByText(`You now support ${wearerName}.`)).toBeVisible()
    // The token never travelled in a URL.
    const token = link.hash.replace('#token=', '')
    expect(seenUrls.filter((u) => u.includes(token))).toEqual([])
    // Right after accepting: how Sam wants to be told, with the channel set-up of Settings.
    const reach = other.getByTestId('reach-step')
    await expect(reach.getByRole('heading', { name: `How should we reach you when ${wearerName} needs you?` })).toBeVisible()
    await reach.getByLabel('Email address').fill(supporter.email)
    await reach.getByRole('button', { name: 'Add channel' }).click()
    await expect(reach.getByRole('list', { name: "How I'm told" })).toContainText(supporter.email)
    await expect(reach.getByText('Waiting for confirmation')).toBeVisible()
    await expect(reach.getByRole('region', { name: 'Notifications on this device' })).toBeVisible()
    await saveFullPageScreenshot(other, 'care-accept-reach-desktop')
    await reach.getByRole('link', { name: 'Done' }).click()
    await expect(other.getByRole('heading', { level: 1, name: 'People I support' })).toBeVisible()
    await confirmAddress(other.request, supporter.email)
    const person = personRegion(other, wearerName)
    await expect(person.getByTestId('person-shares')).toHaveText('They have not shared anything with you yet.')
    await expect(person.getByTestId('person-checkins')).toHaveCount(0)
    await expect(person.getByTestId('person-location')).toHaveCount(0)

    // A second supporter, through the API: avoid-zone alerts but never the location.
    const jo = newAccount({ firstName: 'Jo', lastName: 'Lind' })
    const joRequest = await apiAccount(baseURL as string, jo)
    try {
      const invited = await page.request.post('/api/supporters', { data: { label: 'Jo', email: '' } })
      expect(invited.status()).toBe(201)
      const { token: joToken, supporter: joLink } = (await invited.json()) as { token: string; supporter: { id: number } }
      expect((await joRequest.post('/api/care/accept', { data: { token: joToken } })).status()).toBe(200)
      await addEmailChannel(joRequest, jo.email)
      const granted = await page.request.put(`/api/supporters/${joLink.id}/grant`, {
        data: { checkIns: false, checkInDetails: false, alerts: ['avoid_zone'], location: 'never', locationWindowMinutes: 60 },
      })
      expect(granted.status()).toBe(200)

      // The wearer ticks avoid-zone alerts and the location during an alert for Sam.
      await page.reload()
      await expect(sam.getByTestId('supporter-status')).toHaveText('Active')
      await expect(sam.getByTestId('grant-summary')).toHaveText('They see: Nothing yet: everything is off.')
      await sam.getByRole('button', { name: 'Change what they see' }).click()
      await expect(sam.getByRole('checkbox', { name: 'Avoid zones' })).not.toBeChecked()
      await expect(sam.getByRole('radio', { name: 'Never' })).toBeChecked()
      await expect(sam.getByRole('checkbox', { name: 'Check-in details' })).toBeDisabled()
      await sam.getByRole('checkbox', { name: 'Avoid zones' }).click()
      await sam.getByRole('radio', { name: 'Only during an alert or SOS' }).click()
      await expect(sam.getByLabel('For how long after the alert')).toHaveValue('60')
      await sam.getByRole('button', { name: 'Save' }).click()
      await expect(sam.getByText('Saved. Sam, my sponsor now sees only what you ticked.')).toBeVisible()
      await expect(sam.getByTestId('grant-summary')).toHaveText(
        'They see: alerts (avoid zones); your location during an alert, for 1 hour',
      )
      await saveScreenshot('care-circle-desktop')
      await expectAxeClean(page)

      // Before any alert: Sam sees that alerts are shared, none open, and no position.
      await other.reload()
      await expect(person.getByTestId('person-shares')).toHaveText('They share: alerts, location')
      await expect(person.getByText('No open alerts.')).toBeVisible()
      await expect(person.getByTestId('person-location')).toHaveCount(0)

      // The bracelet walks into the avoid zone.
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

      // The wearer gets a push and an email at once.
      await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBeGreaterThan(0)
      const push = pushService.received[0]
      expect(push.path).toBe('/push/alex-phone')
      const pushed = JSON.parse(decryptPush(push.body, keys.ua, keys.auth)) as { title: string; body: string; type: string }
      expect(pushed.type).toBe('geofence_enter_avoid')
      expect(`${pushed.title} ${pushed.body}`).toContain('Rusty Anchor')
      const wearerMail = await waitForMail(wearer.email, /You're near a place you chose to avoid/, 15_000)
      const toldWearerAt = Date.now()
      expect(wearerMail.body).toContain('Rusty Anchor')
      // Nobody has been told yet: the wearer has 20 s to answer "I'm okay" (nobody does).
      expect((await alertMailTo(supporter.email)).map((m) => m.subject)).toEqual([invitation.subject])
      expect(await alertMailTo(jo.email)).toEqual([])

      // After the window, the supporters are emailed: Sam with the position, Jo without.
      const samMail = await waitForMail(supporter.email, new RegExp(`${wearerName} may need a friendly voice`), 60_000)
      expect(Date.now() - toldWearerAt).toBeGreaterThan(ESCALATE_AFTER_MS - 8_000)
      expect(samMail.body).toContain(`"${wearerName}" has been at "Rusty Anchor", a place they chose to avoid`)
      expect(samMail.body).toContain("hasn't said they're okay")
      expect(samMail.body).toContain(`Last known position at`)
      expect(samMail.body).toContain(`${OLD_BAR.lat.toFixed(5)}, ${OLD_BAR.lon.toFixed(5)}`)
      expect(samMail.body).toContain('/supporting')
      const joMail = await waitForMail(jo.email, new RegExp(`${wearerName} may need a friendly voice`), 30_000)
      expect(joMail.body).toContain('Rusty Anchor')
      expect(joMail.body).not.toContain('Last known position')
      expect(joMail.body).not.toContain(OLD_BAR.lat.toFixed(3))
      expect(joMail.body).not.toContain('openstreetmap')

      // Sam's People I support picks the alert and the map up by itself (it asks every 15 s).
      const alert = person.getByTestId('person-alert')
      await expect(alert).toContainText(`${wearerName} may need a friendly voice`, { timeout: 30_000 })
      await expect(alert).toContainText("hasn't said they're okay")
      const map = person.getByTestId('live-map')
      await expect(map).toHaveAttribute('data-marker', `${OLD_BAR.lat.toFixed(6)},${OLD_BAR.lon.toFixed(6)}`)
      await expect(map).toHaveAttribute('data-base-map', 'none')
      await saveScreenshot('care-supporting-desktop')
      await expectAxeClean(other)

      // The one person's page, from /api/supporting/{id}.
      await person.getByRole('link', { name: `Open ${wearerName}` }).click()
      await expect(other).toHaveURL(/\/supporting\/\d+$/)
      const detailUrl = new URL(other.url()).pathname
      await expect(other.getByTestId('person-alert')).toContainText('Rusty Anchor')
      await expect(other.getByTestId('live-map')).toHaveAttribute('data-marker', `${OLD_BAR.lat.toFixed(6)},${OLD_BAR.lon.toFixed(6)}`)

      // The wearer's audit log says what Sam looked at.
      await page.reload()
      const views = page.getByTestId('care-views')
      await expect(views.getByText('Sam, my sponsor looked at your location').first()).toBeVisible()
      await expect(views.getByText('Sam, my sponsor looked at your alerts').first()).toBeVisible()

      // The wearer removes Sam, with one confirmation.
      await sam.getByRole('button', { name: 'Remove Sam, my sponsor' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Remove Sam, my sponsor from your care circle?' })
      await confirm.getByRole('button', { name: 'Remove supporter' }).click()
      await expect(page.getByText('Sam, my sponsor is no longer in your care circle.').first()).toBeVisible()
      await expect(sam).toHaveCount(0)

      // Sam sees nothing more: not on the screen, not through the API.
      await other.goto('/supporting')
      await expect(other.getByTestId('supporting-empty')).toBeVisible()
      await expect(other.getByText(wearerName)).toHaveCount(0)
      const list = await other.request.get('/api/supporting')
      expect(await list.json()).toEqual([])
      const one = await other.request.get(`/api${detailUrl}`)
      expect(one.status()).toBe(404)
      await other.goto(detailUrl)
      await expect(other.getByText('This person is not in your list any more.')).toBeVisible()
    } finally {
      await joRequest.dispose()
    }
    expect(otherProblems).toEqual([])
  } finally {
    await supporterContext.close()
    await pushService.close()
  }
  expect(problems).toEqual([])
})

test('the accept page explains a used or wrong invitation, and a signed-in visit without a token', async ({ page, browser, baseURL }) => {
  await registerViaApi(page, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
  const invited = await page.request.post('/api/supporters', { data: { label: 'Kim', email: 'kim-only@example.org' } })
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string }
  const link = new URL(inviteUrl, baseURL)

  const context = await browser.newContext({ baseURL })
  try {
    const other = await context.newPage()
    await registerViaApi(other, newAccount())
    await other.goto('/care/accept')
    await expect(other.getByText(/needs the link from your invitation/)).toBeVisible()

    // Sent to another address: the server's words. (Each visit starts elsewhere: a bare
    // fragment change would not load the page again.)
    await other.goto('/not-here')
    await other.goto(`${link.pathname}${link.hash}`)
    await expect(other.getByText('Alex has invited you to their care circle.')).toBeVisible()
    await expect(other.getByText(/only by the account with the email address it was sent to/)).toBeVisible()
    await other.getByRole('button', { name: 'Accept invitation' }).click()
    await expect(other.getByRole('alert').filter({ hasText: 'This invitation was sent to another email address.' })).toBeVisible()

    // A link already used or expired.
    await other.goto('/not-here')
    await other.goto('/care/accept#token=not-a-real-token')
    // The page asks who sent it before offering anything, so a dead link says so at once.
    await expect(other.getByText(/not valid any more: it was used already or is older than 7 days/)).toBeVisible()
    await expect(other.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0)
  } finally {
    await context.close()
  }
})
