import type { Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { axeViolations } from './axe'
import { expect, test } from './fixtures'

/*
 * Issue 19 item 6 against the real binary: "Keep sharing while this page is
 * open" follows a fake geolocation that moves, no more often than every 30 s
 * (the page's clock is driven by the test), and stops when turned off.
 */

const WALK = [
  { latitude: 51.5007, longitude: -0.1246, accuracy: 12 },
  { latitude: 51.5033, longitude: -0.1196, accuracy: 8 },
  { latitude: 51.5055, longitude: -0.0754, accuracy: 5 },
  { latitude: 51.5194, longitude: -0.127, accuracy: 6 },
]
const LABEL = 'Keep sharing while this page is open'

test.use({ colorScheme: 'light', permissions: ['geolocation'], geolocation: WALK[0] })
// The GPS page loads OpenLayers and the specs wait on a busy two-core machine.
test.setTimeout(180_000)

/** Opens the GPS page and waits for it (and its map) to load. */
async function openGpsPage(page: Page) {
  await page.goto('/gps')
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('live-map')).toBeAttached({ timeout: 30_000 })
}

const marker = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `${latitude.toFixed(6)},${longitude.toFixed(6)}`

/** The user's stored fixes, oldest first, as [lat, lon, source]. */
async function storedFixes(page: Page) {
  const response = await page.request.get('/api/gps/locations?limit=50')
  expect(response.status()).toBe(200)
  const list = (await response.json()) as { latitude: number; longitude: number; source: string }[]
  return list.reverse().map((l) => [l.latitude, l.longitude, l.source])
}

test('keep sharing follows a moving phone at most every 30 s, and stops when turned off', async ({
  page,
  context,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  const posts: number[] = []
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/gps/location' && res.request().method() === 'POST') posts.push(res.status())
  })
  // The page's timers and Date run on a clock the test can move forward.
  await page.clock.install()
  await registerViaApi(page)
  await openGpsPage(page)
  const main = page.getByRole('main')
  const map = page.getByTestId('live-map')
  await expect(map).toHaveAttribute('data-marker', '')

  const toggle = main.getByRole('switch', { name: LABEL })
  await toggle.focus()
  await page.keyboard.press('Space')
  await expect(toggle).toBeChecked()

  // The first fix goes out at once; the marker, the status card and the indicator follow.
  const status = main.getByTestId('keep-sharing-status')
  await expect(status.getByRole('heading', { name: 'Sharing…' })).toBeVisible()
  await expect(map).toHaveAttribute('data-marker', marker(WALK[0]))
  await expect(status.getByTestId('keep-sharing-last')).toHaveText(/^Last sent \d{1,2}:\d\d:\d\d [AP]M, ±12 m$/)
  await expect(main.getByTestId('bracelet-status').getByTestId('status-coordinates')).toHaveText('51.50070, -0.12460')
  await expect(status).toContainText('at most every 30 seconds')
  await expect(status).toContainText('Your browser stops sharing when you close this page')
  expect(posts).toEqual([201])

  // Moving: the browser reports at once, the page holds the fix until 30 s have passed.
  await context.setGeolocation(WALK[1])
  await page.waitForTimeout(1_500)
  expect(posts).toEqual([201])
  await page.clock.fastForward('00:31')
  await expect(map).toHaveAttribute('data-marker', marker(WALK[1]))
  await expect(status.getByTestId('keep-sharing-last')).toHaveText(/±8 m$/)

  await context.setGeolocation(WALK[2])
  await page.waitForTimeout(500)
  await page.clock.fastForward('00:31')
  await expect(map).toHaveAttribute('data-marker', marker(WALK[2]))
  expect(posts).toEqual([201, 201, 201])
  expect(await storedFixes(page)).toEqual(WALK.slice(0, 3).map((w) => [w.latitude, w.longitude, 'browser']))

  // Axe-clean with the indicator up, on a desktop and a phone.
  expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await saveScreenshot('gps-keep-sharing-desktop', { fullPage: false })
  await page.setViewportSize({ width: 390, height: 844 })
  await main.getByRole('heading', { level: 1, name: 'GPS Tracking' }).scrollIntoViewIfNeeded()
  await saveScreenshot('gps-keep-sharing-phone', { fullPage: false })
  expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  // Off: nothing more is sent, however far the phone goes.
  await toggle.click()
  await expect(toggle).not.toBeChecked()
  await expect(status.getByRole('heading', { name: 'Sharing…' })).toHaveCount(0)
  await context.setGeolocation(WALK[3])
  await page.clock.fastForward('02:00')
  await page.waitForTimeout(1_000)
  expect(posts).toEqual([201, 201, 201])
  expect(await storedFixes(page)).toHaveLength(3)
  await expect(map).toHaveAttribute('data-marker', marker(WALK[2]))
  expect(problems).toEqual([])
})

test('the note links to pairing a phone app', async ({ page }) => {
  await registerViaApi(page)
  await openGpsPage(page)
  const main = page.getByRole('main')
  await main.getByRole('switch', { name: LABEL }).click()
  await main.getByRole('link', { name: 'Connect a phone app' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pair a bracelet or phone' })
  await expect(dialog.getByRole('radio', { name: 'Phone app' })).toBeChecked()
  await expect(dialog.getByLabel('Phone name')).toBeVisible()
})

test.describe('without permission to locate', () => {
  test.use({ permissions: [] })

  test('a refused permission turns keep sharing off and says why', async ({ page }) => {
    await registerViaApi(page)
    await page.goto('/gps')
    const main = page.getByRole('main')
    const toggle = main.getByRole('switch', { name: LABEL })
    await toggle.click()
    await expect(main.getByRole('alert')).toContainText('Sharing stopped: this site may not use your location.')
    await expect(toggle).not.toBeChecked()
  })
})
