import { registerViaApi, turnOnAdvanced, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 27 against the real binary: a phone app's location with iOS's -1 for
 * what it does not know is stored without those values, a location with its
 * clock an hour ahead is refused, and the phone's card on the GPS page says
 * so ("1 report refused today", with why), while the tester view shows what
 * was left out of the stored one.
 */

test.use({ colorScheme: 'light' })
// The GPS page's first load on a busy two-core machine.
test.slow()

test("a phone's refused report is on its card, and what was left out is in the tester view", async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page)
  await turnOnAdvanced(page) // the tester view is a developer tool
  const paired = await page.request.post('/api/devices', { data: { name: 'Rosa’s iPhone', kind: 'phone' } })
  expect(paired.status()).toBe(201)
  const { id, token } = (await paired.json()) as { id: string; token: string }
  const basic = `Basic ${Buffer.from(`${id}:${token}`).toString('base64')}`
  const send = (data: Record<string, unknown>) =>
    page.request.post('/api/ingest/owntracks', { headers: { Authorization: basic, 'Content-Type': 'application/json' }, data })

  const tst = Math.floor(Date.now() / 1000)
  let res = await send({ _type: 'location', lat: 51.5007, lon: -0.1246, tst: tst - 30, acc: 9, vel: -1, cog: -1, tid: 'RP' })
  expect(res.status(), await res.text()).toBe(200)
  res = await send({ _type: 'location', lat: 51.5007, lon: -0.1246, tst: tst + 3600, tid: 'RP' })
  expect(res.status()).toBe(400)

  // The count reaches the device's row within a second or so.
  await expect
    .poll(async () => ((await (await page.request.get('/api/devices')).json()) as { refusedToday: number }[])[0]?.refusedToday, {
      timeout: 15_000,
    })
    .toBe(1)
  await page.goto('/gps')
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeVisible({ timeout: 30_000 })
  const card = page.getByTestId('bracelets-card')
  const row = card.getByTestId('device-row').filter({ hasText: 'Rosa’s iPhone' })
  await expect(row.getByTestId('device-refused')).toContainText('1 report refused today')
  await row.getByRole('button', { name: 'Why?' }).click()
  await expect(row.getByTestId('device-refused-why')).toContainText('OwnTracks location not usable.')
  await expect(row.getByTestId('device-refused-why')).toContainText("ahead of the server's clock; check the phone's date and time")
  await page.setViewportSize({ width: 390, height: 844 })
  await row.scrollIntoViewIfNeeded()
  await saveScreenshot('devices-refused-reports-mobile', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })

  await row.getByRole('button', { name: 'Tester view for Rosa’s iPhone' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tester view: Rosa’s iPhone' })
  const packets = dialog.getByTestId('packet')
  await expect(packets).toHaveCount(2)
  await expect(packets.first().getByTestId('packet-outcome')).toHaveText('Rejected · OwnTracks location not usable')
  await expect(packets.last().getByTestId('packet-dropped')).toHaveText('Left out: vel (the app’s “not known”), cog (the app’s “not known”)')
  await expect(packets.last()).not.toContainText(token)
  await saveScreenshot('devices-refused-reports-tester-desktop', { fullPage: false })
  expect(problems).toEqual([])
})
