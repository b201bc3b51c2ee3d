import type { Locator, Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { axeViolations } from './axe'
import { expect, test } from './fixtures'

/*
 * Issue 19 item 7 against the real binary: pairing a phone shows each app's
 * settings, QR code and setup link; the credentials they carry are then sent
 * to the shown endpoints the way each app sends them, and the real server
 * accepts them. That is what proves the instructions right.
 */

test.use({ colorScheme: 'light' })
// Axe scans of a large dialog, twice, on a busy two-core machine.
test.slow()

/** The text of a copy field, by its test id. */
async function shown(scope: Locator, testId: string): Promise<string> {
  return ((await scope.getByTestId(testId).textContent()) ?? '').trim()
}

/** An owntracks:///config?inline= link's configuration, decoded as the app does. */
function ownTracksConfig(link: string): Record<string, unknown> {
  const inline = new URL(link).searchParams.get('inline') ?? ''
  return JSON.parse(Buffer.from(inline, 'base64').toString('utf8')) as Record<string, unknown>
}

async function storedSources(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/gps/locations?limit=50')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { source: string }[]).map((l) => l.source).sort()
}

test('pairing a phone shows each app what to type, with a QR code and link the real server accepts', async ({
  page,
  baseURL,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  const origin = new URL(baseURL!).origin
  await registerViaApi(page)
  await page.goto('/gps')
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeVisible({ timeout: 30_000 })
  const card = page.getByTestId('bracelets-card')
  await card.getByRole('button', { name: 'Pair a bracelet or phone' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pair a bracelet or phone' })
  await dialog.getByRole('radio', { name: 'Phone app' }).click()
  await dialog.getByLabel('Phone name').fill("Rosa's phone")
  await dialog.getByRole('button', { name: 'Pair', exact: true }).click()

  const done = page.getByRole('dialog', { name: "Rosa's phone is paired" })
  await expect(done.getByRole('radio', { name: 'OwnTracks' })).toBeChecked()

  // OwnTracks: a QR code, and an inline configuration in HTTP mode with the typed settings.
  const qr = done.getByRole('img', { name: 'QR code that sets up OwnTracks' })
  await expect(qr).toBeVisible()
  expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg')
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
  const url = await shown(done, 'setup-url')
  const username = await shown(done, 'setup-username')
  const password = await shown(done, 'setup-password')
  expect(url).toBe(`${origin}/api/ingest/owntracks`)
  expect(username).toMatch(/^brc_[a-z0-9]+$/)
  expect(password.length).toBeGreaterThan(10)
  const link = await shown(done, 'setup-link')
  await expect(done.getByRole('link', { name: 'Open in OwnTracks' })).toHaveAttribute('href', link)
  expect(ownTracksConfig(link)).toEqual({
    _type: 'configuration',
    mode: 3,
    url,
    auth: true,
    username,
    password,
    deviceId: username,
    tid: 'RP',
  })
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([])
  await saveScreenshot('pair-phone-owntracks-desktop', { fullPage: false })

  // What OwnTracks then does: POST its location JSON with HTTP Basic.
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  const tst = Math.floor(Date.now() / 1000)
  let res = await page.request.post(url, {
    headers: { Authorization: basic, 'Content-Type': 'application/json' },
    data: { _type: 'location', lat: 51.5007, lon: -0.1246, tst, acc: 9, tid: 'RP' },
  })
  expect(res.status(), await res.text()).toBe(200)
  expect(await res.json()).toEqual([])
  // A wrong password is refused: the credentials shown are what counts.
  res = await page.request.post(url, {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:wrong`).toString('base64')}` },
    data: { _type: 'location', lat: 51.5, lon: -0.12, tst, acc: 9 },
  })
  expect(res.status()).toBe(401)

  // Overland: its setup link carries the endpoint, the device secret and the device ID.
  await done.getByRole('radio', { name: /Overland/ }).click()
  await expect(done.getByRole('img', { name: 'QR code that sets up Overland' })).toBeVisible()
  const overland = new URL(await shown(done, 'setup-link'))
  expect(overland.protocol).toBe('overland:')
  expect(overland.host).toBe('setup')
  expect(overland.searchParams.get('url')).toBe(`${origin}/api/ingest/overland`)
  expect(overland.searchParams.get('token')).toBe(`${username}.${password}`)
  expect(overland.searchParams.get('device_id')).toBe(username)
  expect(await shown(done, 'setup-secret')).toBe(`${username}.${password}`)
  res = await page.request.post(overland.searchParams.get('url')!, {
    headers: { Authorization: `Bearer ${overland.searchParams.get('token')}` },
    data: {
      locations: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-0.1196, 51.5033] },
          properties: { timestamp: new Date(Date.now() - 5_000).toISOString(), horizontal_accuracy: 7, device_id: username },
        },
      ],
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  expect(await res.json()).toEqual({ result: 'ok' })

  // Traccar Client / GPSLogger: what to type, no link.
  await done.getByRole('radio', { name: /Traccar Client/ }).click()
  await expect(done.getByRole('img')).toHaveCount(0)
  const osmandUrl = await shown(done, 'setup-url')
  const secret = await shown(done, 'setup-secret')
  expect(osmandUrl).toBe(`${origin}/api/ingest/osmand`)
  expect(secret).toBe(`${username}.${password}`)
  const query = new URLSearchParams({ id: secret, lat: '51.5055', lon: '-0.0754', timestamp: String(tst - 2), accuracy: '6' })
  res = await page.request.get(`${osmandUrl}?${query.toString()}`)
  expect(res.status(), await res.text()).toBe(200)
  // GPSLogger's URL, with its placeholders filled in as GPSLogger does.
  const gpsLogger = (await shown(done, 'setup-gpslogger-url'))
    .replace('%LAT', '51.5194')
    .replace('%LON', '-0.127')
    .replace('%TIMESTAMP', String(tst - 1))
    .replace('%ACC', '5')
    .replace('%ALT', '30')
    .replace('%BATT', '81')
  res = await page.request.get(gpsLogger)
  expect(res.status(), await res.text()).toBe(200)

  expect(await storedSources(page)).toEqual(['osmand', 'osmand', 'overland', 'owntracks'])

  await done.getByRole('radio', { name: 'OwnTracks' }).click()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(done.getByRole('img', { name: 'QR code that sets up OwnTracks' })).toBeVisible()
  await saveScreenshot('pair-phone-owntracks-phone', { fullPage: false })
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([])

  // Done: the device is listed, and the token is gone from the page.
  await done.getByRole('button', { name: 'Done' }).click()
  await expect(card.getByTestId('device-row')).toContainText("Rosa's phone")
  await expect(page.getByText(password)).toHaveCount(0)
  expect(problems).toEqual([])
})
