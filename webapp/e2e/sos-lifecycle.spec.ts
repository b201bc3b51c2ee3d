import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { confirmAddress, waitForMail } from './smtp'

/*
 * An SOS with a beginning and an end, at phone size, against the real
 * binary, its database, broker and the suite's SMTP server: a new supporter
 * accepts and says how to reach them; the wearer adds their number and
 * lets them call back; the wearer, with geolocation granted, raises an SOS
 * on the web; the supporter's open People I support shows it (position on
 * the map, Call and Text) and their email carries where the wearer is now;
 * the wearer taps "I'm safe now" and the supporter's screen changes without
 * a reload while their email gets the short line.
 */

const HERE = { latitude: 51.5007, longitude: -0.1246, accuracy: 12 }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

test.describe.configure({ timeout: 180_000 })
test.use({ ...PHONE, colorScheme: 'light', geolocation: HERE, permissions: ['geolocation'] })

test('an SOS raised on the web reaches the supporter with the position and Call, and "I\'m safe now" ends it for them at once', async ({
  page,
  browser,
  baseURL,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Jo', lastName: 'Rivera' }))
  const wearerName = 'Jo Rivera'
  const invited = await page.request.post('/api/supporters', { data: { label: 'Sam' } })
  expect(invited.status(), await invited.text()).toBe(201)
  const { inviteUrl, supporter: link } = (await invited.json()) as { inviteUrl: string; supporter: { id: number } }

  // Sam accepts on their phone and says how to reach them: email, through the channel set-up.
  const samContext = await browser.newContext({ ...PHONE, baseURL, colorScheme: 'light' })
  const sam = await samContext.newPage()
  const samProblems = watchForErrors(sam)
  try {
    const samAccount = await registerViaApi(sam, newAccount({ firstName: 'Sam', lastName: 'Okafor' }))
    const url = new URL(inviteUrl, baseURL)
    await sam.goto(`${url.pathname}${url.hash}`)
    await sam.getByRole('button', { name: 'Accept invitation' }).click()
    const reach = sam.getByTestId('reach-step')
    await expect(reach.getByRole('heading', { name: `How should we reach you when ${wearerName} needs you?` })).toBeVisible()
    await reach.getByLabel('Email address').fill(samAccount.email)
    await reach.getByRole('button', { name: 'Add channel' }).click()
    await expect(reach.getByRole('list', { name: "How I'm told" })).toContainText(samAccount.email)
    await saveFullPageScreenshot(sam, 'sos-accept-reach-phone')
    await confirmAddress(sam.request, samAccount.email)
    await reach.getByRole('link', { name: 'Done' }).click()
    await expect(sam.getByRole('heading', { level: 1, name: 'People I support' })).toBeVisible()

    // Jo adds their number in Settings and lets Sam call back, see the SOS and where they are during it.
    await page.goto('/settings')
    await page.getByLabel('Your phone number (optional)').fill('+44 20 7946 0958')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Profile updated').first()).toBeVisible()
    const granted = await page.request.put(`/api/supporters/${link.id}/grant`, {
      data: { checkIns: false, checkInDetails: false, alerts: ['sos'], location: 'during_alert', locationWindowMinutes: 60, phone: true },
    })
    expect(granted.status(), await granted.text()).toBe(200)

    await sam.reload()
    const person = sam.getByRole('region', { name: wearerName })
    await expect(person.getByRole('region', { name: 'Reach them' }).getByRole('link', { name: `Call ${wearerName}` })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    )
    await expect(person.getByTestId('person-sos')).toHaveCount(0)
    // From here on Sam's page is never loaded again: whatever changes, changes live.
    await sam.evaluate(() => Object.assign(window, { sameLoad: true }))

    // Jo raises the SOS from the phone's top bar.
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Alert my people now' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Alert your people now?' })
    await expect(dialog.getByTestId('sos-listeners')).toHaveText('Sam — by email')
    await expect(dialog.getByText(/keeps sharing it for 60 minutes/)).toBeVisible()
    await saveScreenshot('sos-lifecycle-confirm-phone', { fullPage: false })
    await dialog.getByRole('button', { name: 'Yes, alert them now' }).click()
    const done = page.getByRole('alertdialog', { name: 'Your people are being told' })
    await expect(done.getByTestId('sos-result')).toContainText('1 person is being told right now')
    await expect(done.getByTestId('sos-position')).toHaveText(/^Where you are is shared until \d{1,2}:\d\d [AP]M while Lifeline stays open/)
    await saveScreenshot('sos-lifecycle-sent-phone', { fullPage: false })
    await done.getByRole('button', { name: 'Close' }).click()

    // The banner holds the open SOS on every screen, saying the position is shared and until when.
    const banner = page.getByRole('region', { name: 'Your SOS is open' })
    await expect(banner.getByTestId('sos-sharing')).toHaveText(/^Sharing where you are until \d{1,2}:\d\d [AP]M, while Lifeline is open\.$/)
    await page.goto('/crisis')
    await expect(banner).toBeVisible()
    await saveScreenshot('sos-lifecycle-banner-phone', { fullPage: false })

    // Sam's open screen shows it with the position and one-tap Call and Text.
    const sos = person.getByTestId('person-sos')
    await expect(sos).toHaveAttribute('data-state', 'open', { timeout: 20_000 })
    await expect(sos).toContainText(`${wearerName} is asking for help now`)
    await expect(sos).toContainText(/Started /)
    await expect(sos.getByRole('link', { name: `Call ${wearerName}` })).toHaveAttribute('href', 'tel:+442079460958')
    await expect(sos.getByRole('link', { name: `Text ${wearerName}` })).toHaveAttribute('href', 'sms:+442079460958')
    const map = person.getByTestId('live-map')
    await expect(map).toHaveAttribute('data-marker', `${HERE.latitude.toFixed(6)},${HERE.longitude.toFixed(6)}`)
    await saveFullPageScreenshot(sam, 'sos-lifecycle-supporter-phone')

    // Sam's email carries where Jo is now.
    const told = await waitForMail(samAccount.email, new RegExp(`${wearerName} is asking for help now`), 30_000)
    expect(told.body).toContain('Alert my people now')
    expect(told.body).toContain(`${HERE.latitude.toFixed(5)}, ${HERE.longitude.toFixed(5)}`)

    // Jo is safe: one tap on the banner.
    await banner.getByRole('button', { name: "I'm safe now" }).click()
    await expect(page.getByText("Glad you're safe").first()).toBeVisible()
    await expect(banner).toHaveCount(0)
    const open = await page.request.get('/api/sos')
    expect(await open.json()).toBeNull()

    // Sam's screen changes by itself, and their email gets one short line.
    await expect(sos).toHaveAttribute('data-state', 'safe')
    await expect(sos).toContainText(`${wearerName} says they're safe now`)
    expect(await sam.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true)
    await saveFullPageScreenshot(sam, 'sos-lifecycle-supporter-safe-phone')
    const line = await waitForMail(samAccount.email, new RegExp(`${wearerName} says they're safe now`), 30_000)
    expect(line.body).toMatch(new RegExp(`Good news: "${wearerName}" says they're safe now \\(\\d{1,2}:\\d\\d [AP]M\\)\\.`))
    expect(line.body).not.toContain(HERE.latitude.toFixed(3))
    expect(samProblems).toEqual([])
  } finally {
    await samContext.close()
  }
  expect(problems).toEqual([])
})
