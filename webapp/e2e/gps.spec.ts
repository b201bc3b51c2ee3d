import type { Locator, Page } from '@playwright/test'

import { newAccount, registerViaApi, turnOnAdvanced, watchForErrors } from './accounts'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, test } from './fixtures'

/*
 * Issue 8, "Must show", against the real binary (started with no base map,
 * so nothing is fetched from outside): share a location, create zones on the
 * map and by keyboard, watch a bracelet's MQTT fixes arrive live, and the
 * geofence alert when it walks into an avoid zone.
 */

const SHARED = { latitude: 37.7749, longitude: -122.4194 }
const OLD_BAR = { lat: 37.7793, lon: -122.4093 }

test.use({ colorScheme: 'light', permissions: ['geolocation'], geolocation: { ...SHARED, accuracy: 18 } })

function map(page: Page): Locator {
  return page.getByTestId('live-map')
}

/** The live stream is open once /api/events has answered (the server flushes its headers at once). */
function eventsOpened(page: Page) {
  return page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200)
}

async function createZoneViaApi(page: Page, zone: Record<string, unknown>) {
  const response = await page.request.post('/api/safe-zones', { data: zone })
  expect(response.status(), await response.text()).toBe(201)
}

test('share my location, then create a safe zone on the map, an avoid zone by keyboard and a drawn area', async ({
  page,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  const olChunks: string[] = []
  page.on('request', (request) => {
    if (/live-map[^/]*\.js$/.test(request.url())) olChunks.push(request.url())
  })
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))

  // The dashboard carries no OpenLayers.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rosa!' })).toBeVisible()
  expect(olChunks).toEqual([])

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GPS Tracking' }).click()
  await expect(page).toHaveURL(/\/gps$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'GPS Tracking' })).toBeVisible()
  const status = main.getByTestId('bracelet-status')
  await expect(
    status.getByText('No location data available yet. Click "Share My Location" to get started.', { exact: true }),
  ).toBeVisible()
  await expect(main.getByText('No safe zones configured yet.', { exact: true })).toBeVisible()
  await expect(main.getByText('No location history available.', { exact: true })).toBeVisible()
  await expect(map(page)).toHaveAttribute('data-marker', '')
  await expect(map(page)).toHaveAttribute('data-base-map', 'none')
  expect(olChunks).toHaveLength(1)
  await expect(map(page).locator('canvas').first()).toBeAttached()

  // Share My Location: the toast, the marker, the status card and a history row.
  const shared = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/gps/location')
  await main.getByRole('button', { name: 'Share My Location' }).click()
  expect((await shared).status()).toBe(201)
  await expect(page.getByText('Location Shared', { exact: true })).toBeVisible()
  await expect(page.getByText('Your bracelet location has been updated successfully.', { exact: true })).toBeVisible()
  await expect(map(page)).toHaveAttribute('data-marker', '37.774900,-122.419400')
  await expect(status.getByTestId('source-badge')).toHaveText('Manual')
  await expect(status.getByTestId('status-accuracy')).toHaveText('±18 m')
  await expect(main.getByTestId('history-row')).toHaveCount(1)

  // The marker's popup.
  await map(page).click()
  const popup = page.getByTestId('map-popup')
  await expect(popup).toContainText('Current Location')
  await popup.getByRole('button', { name: 'Close' }).click()
  await expect(popup).toHaveCount(0)
  await page.waitForTimeout(300) // the map tells a click from a double-click after 250 ms

  // Escape leaves the zone editor and drops an unsaved draft.
  await main.getByRole('button', { name: 'Circle on map' }).click()
  await expect(map(page)).toHaveAttribute('data-edit-mode', 'circle')
  const box = (await map(page).boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  await page.mouse.click(cx, cy)
  const draft = main.getByTestId('zone-draft')
  await expect(draft).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(draft).toHaveCount(0)
  await expect(map(page)).toHaveAttribute('data-edit-mode', 'none')
  await page.waitForTimeout(300)

  // A safe zone on the map: click for the centre, drag the handle to widen it.
  await main.getByRole('button', { name: 'Circle on map' }).click()
  await expect(map(page)).toHaveAttribute('data-edit-mode', 'circle')
  await page.mouse.click(cx, cy)
  await expect(draft).toContainText('New circle, radius 150 m')
  // 150 m is about 10 px east at zoom 13 here; drag the handle 30 px further.
  await page.mouse.move(cx + 10, cy)
  await page.mouse.down()
  await page.mouse.move(cx + 25, cy, { steps: 4 })
  await page.mouse.move(cx + 40, cy, { steps: 4 })
  await page.mouse.up()
  await expect(draft).not.toContainText('radius 150 m')
  const radiusText = (await draft.textContent()) ?? ''
  const dragged = Number(/radius (\d+) m/.exec(radiusText)?.[1])
  expect(dragged).toBeGreaterThan(400)
  expect(dragged).toBeLessThan(800)

  await draft.getByRole('button', { name: 'Name this zone' }).click()
  let dialog = page.getByRole('dialog', { name: 'New zone' })
  await expect(dialog).toBeVisible()
  expect(Number(await dialog.getByLabel('Latitude').inputValue())).toBeCloseTo(SHARED.latitude, 3)
  expect(Number(await dialog.getByLabel('Longitude').inputValue())).toBeCloseTo(SHARED.longitude, 3)
  await expect(dialog.getByLabel('Radius (metres)')).toHaveValue(String(dragged))
  await dialog.getByLabel('Name').fill('Home')
  await saveScreenshot('gps-zone-dialog-desktop', { fullPage: false })
  await dialog.getByRole('button', { name: 'Save zone' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Zone saved', { exact: true })).toBeVisible()
  const rows = main.getByTestId('zone-row')
  await expect(rows.filter({ hasText: 'Home' })).toContainText(`${dragged} m`)
  await expect(rows.filter({ hasText: 'Home' })).toContainText('Safe Zone')
  await expect(rows.filter({ hasText: 'Home' })).toContainText('Active')
  await expect(map(page)).toHaveAttribute('data-zones', 'safe:Home:#10b981')
  await expect(map(page)).toHaveAttribute('data-edit-mode', 'none')

  // An avoid zone by keyboard: the Add zone button and typed coordinates.
  await main.getByRole('button', { name: 'Add zone' }).focus()
  await page.keyboard.press('Enter')
  dialog = page.getByRole('dialog', { name: 'New zone' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Name').fill('Old bar')
  await dialog.getByRole('radio', { name: 'Avoid zone' }).check()
  await dialog.getByLabel('Latitude').fill(String(OLD_BAR.lat))
  await dialog.getByLabel('Longitude').fill(String(OLD_BAR.lon))
  await dialog.getByLabel('Radius (metres)').fill('5')
  await dialog.getByRole('button', { name: 'Save zone' }).click()
  await expect(dialog.getByText('Radius must be between 10 and 50,000 metres.')).toBeVisible()
  await dialog.getByLabel('Radius (metres)').fill('120')
  await dialog.getByLabel('Alert after minutes inside (optional)').fill('5')
  await dialog.getByLabel('Radius (metres)').press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(rows.filter({ hasText: 'Old bar' })).toContainText('Avoid Zone')
  await expect(rows.filter({ hasText: 'Old bar' })).toContainText('120 m')
  await expect(rows.filter({ hasText: 'Old bar' })).toContainText('alert after 5 min inside')
  await expect(map(page)).toHaveAttribute('data-zones', /avoid:Old bar:#ef4444/)

  // An area drawn on the map, north-west of the marker.
  await main.getByRole('button', { name: 'Draw area' }).click()
  for (const [dx, dy] of [
    [-160, -150],
    [-60, -150],
    [-110, -70],
  ]) {
    await page.mouse.click(cx + dx, cy + dy)
    await page.waitForTimeout(350)
  }
  await page.mouse.click(cx - 160, cy - 150)
  await expect(main.getByTestId('zone-draft')).toContainText('New area with 3 corners')
  await main.getByRole('button', { name: 'Name this zone' }).click()
  dialog = page.getByRole('dialog', { name: 'New zone' })
  await expect(dialog.getByText('Shape: an area drawn on the map')).toBeVisible()
  await dialog.getByLabel('Name').fill('Park')
  await dialog.getByRole('button', { name: 'Save zone' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(rows.filter({ hasText: 'Park' })).toContainText('Drawn area')
  await expect(map(page)).toHaveAttribute('data-zones', 'safe:Home:#10b981|avoid:Old bar:#ef4444|safe:Park:#10b981')

  const zones = (await (await page.request.get('/api/safe-zones')).json()) as { name: string; type: string; shape: string }[]
  expect(zones.map((z) => [z.name, z.type, z.shape])).toEqual([
    ['Home', 'safe', 'circle'],
    ['Old bar', 'avoid', 'circle'],
    ['Park', 'safe', 'polygon'],
  ])

  // Edit: switch Home off; it stays listed as Inactive and leaves the map.
  await main.getByRole('button', { name: 'Edit Home' }).click()
  dialog = page.getByRole('dialog', { name: 'Edit Home' })
  await dialog.getByRole('switch', { name: 'Active' }).click()
  await dialog.getByRole('button', { name: 'Save zone' }).click()
  await expect(rows.filter({ hasText: 'Home' })).toContainText('Inactive')
  await expect(map(page)).toHaveAttribute('data-zones', 'avoid:Old bar:#ef4444|safe:Park:#10b981')

  await page.waitForTimeout(300)
  await saveScreenshot('gps-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  await expect.poll(overflow).toBeLessThanOrEqual(0)
  await page.waitForTimeout(300)
  await saveScreenshot('gps-mobile')
  await page.setViewportSize({ width: 1280, height: 720 })

  // Delete, with confirmation.
  await main.getByRole('button', { name: 'Delete Park' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Park?' })
  await confirm.getByRole('button', { name: 'Delete zone' }).click()
  await expect(rows.filter({ hasText: 'Park' })).toHaveCount(0)
  await expect(map(page)).toHaveAttribute('data-zones', 'avoid:Old bar:#ef4444')

  expect(problems).toEqual([])
})

test('a bracelet fix over MQTT moves the status card and the history live; entering the avoid zone raises the alert', async ({
  page,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  await registerViaApi(page)
  await createZoneViaApi(page, { name: 'Old bar', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 })
  const device = await pairBracelet(page, 'Left wrist')

  const opened = eventsOpened(page)
  await page.goto('/gps')
  await opened
  const main = page.getByRole('main')
  const status = main.getByTestId('bracelet-status')
  await expect(status.getByText(/No location data available yet/)).toBeVisible()
  await expect(main.getByTestId('device-row')).toContainText('Left wrist')
  await expect(main.getByTestId('device-health')).toHaveText('Never connected')

  const bracelet = await Bracelet.connect(device)
  try {
    // The device event turns the badge to Connected.
    await expect(main.getByTestId('device-connection')).toHaveText('Connected')

    const start = Date.now() - 60_000
    await bracelet.publish({ lat: 37.776, lon: -122.415, bat: 77, acc: 6, ts: start })
    await expect(status.getByTestId('source-badge')).toHaveText('Bracelet')
    await expect(status.getByTestId('status-battery')).toHaveText('77%')
    await expect(status.getByTestId('status-accuracy')).toHaveText('±6 m')
    await expect(main.getByTestId('history-row')).toHaveCount(1)
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-marker', '37.776000,-122.415000')

    await bracelet.publish({ lat: 37.7775, lon: -122.412, bat: 76, ts: start + 10_000 })
    await expect(status.getByTestId('status-battery')).toHaveText('76%')
    await expect(main.getByTestId('history-row')).toHaveCount(2)
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-marker', '37.777500,-122.412000')
    await expect(page.getByTestId('live-map')).toHaveAttribute('data-track-points', '2')

    // Three confirming fixes inside the avoid zone.
    for (let i = 0; i < 3; i++) {
      await bracelet.publish({ lat: OLD_BAR.lat, lon: OLD_BAR.lon, acc: 4, bat: 75, ts: start + 20_000 + i * 1000 })
    }
    await expect(page.getByText('Avoid zone entered', { exact: true }).first()).toBeVisible()
    const zoneAlerts = main.getByRole('region', { name: 'Zone alerts' })
    const alert = zoneAlerts.getByTestId('alert').first()
    await expect(alert).toContainText('Old bar')
    await expect(main.getByTestId('history-row')).toHaveCount(5)

    // Why this alert? A plain sentence first; the evidence folded, and its fixes on the map.
    await alert.getByRole('button', { name: 'Why this alert?' }).click()
    const evidence = alert.getByTestId('alert-evidence')
    await expect(evidence.getByTestId('alert-reason')).toHaveText(/^You went into Old bar at \d{1,2}:\d\d [AP]M\.$/)
    await evidence.getByRole('button', { name: 'Details' }).click()
    await expect(evidence).toContainText('Rule:')
    await expect(evidence).toContainText('inside the edge')
    await expect(page.getByTestId('live-map')).not.toHaveAttribute('data-evidence-points', '0')
    await saveScreenshot('gps-live-alert-desktop')
  } finally {
    await bracelet.close()
  }
  expect(problems).toEqual([])
})

test("the dashboard's alert list gets a geofence alert live, with a toast", async ({ page }) => {
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  await createZoneViaApi(page, { name: 'Old bar', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 })
  const device = await pairBracelet(page)
  const opened = eventsOpened(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rosa!' })).toBeVisible()
  await opened
  await expect(page.getByTestId('alert')).toHaveCount(0)

  const bracelet = await Bracelet.connect(device)
  try {
    const start = Date.now() - 30_000
    for (let i = 0; i < 3; i++) {
      await bracelet.publish({ lat: OLD_BAR.lat, lon: OLD_BAR.lon, acc: 4, ts: start + i * 1000 })
    }
  } finally {
    await bracelet.close()
  }
  const alert = page.getByTestId('alert').filter({ hasText: 'Old bar' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('Avoid zone entered')
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Avoid zone entered')).toBeVisible()
  await alert.getByRole('button', { name: 'Why this alert?' }).click()
  const evidence = alert.getByTestId('alert-evidence')
  await expect(evidence).toContainText('You went into Old bar at')
  await evidence.getByRole('button', { name: 'Details' }).click()
  await expect(evidence).toContainText('Rule:')
})

test('pairing a bracelet shows its ID and token once, with a simulator command (Advanced on); revoking needs confirmation', async ({
  page,
  saveScreenshot,
}) => {
  await registerViaApi(page)
  await turnOnAdvanced(page)
  await page.goto('/gps')
  const card = page.getByTestId('bracelets-card')
  await expect(card.getByText('No bracelets paired yet.')).toBeVisible()
  await card.getByRole('button', { name: 'Pair a bracelet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pair a bracelet' })
  await dialog.getByLabel('Bracelet name').fill('Right wrist')
  await dialog.getByRole('button', { name: 'Pair', exact: true }).click()
  const done = page.getByRole('dialog', { name: 'Right wrist is paired' })
  await expect(done).toBeVisible()
  const id = (await done.getByTestId('paired-device-id').textContent()) ?? ''
  const token = (await done.getByTestId('paired-token').textContent()) ?? ''
  expect(id).toMatch(/^brc_[a-z0-9]+$/)
  expect(token.length).toBeGreaterThan(10)
  await expect(done.getByTestId('simulator-command')).toContainText(`'${id}' '${token}' > bracelet.csv`)
  await expect(done.getByTestId('simulator-command')).toContainText('go run ./firmware-sim --devices bracelet.csv --interval 5s')
  await saveScreenshot('gps-pair-dialog-desktop', { fullPage: false })
  await done.getByRole('button', { name: 'Done' }).click()

  const row = card.getByTestId('device-row')
  await expect(row).toContainText('Right wrist')
  await expect(row).toContainText(id)
  await expect(row.getByTestId('device-health')).toHaveText('Never connected')
  await expect(row.getByTestId('device-connection')).toHaveText('Not connected')
  await expect(page.getByText(token)).toHaveCount(0)

  await row.getByRole('button', { name: 'Revoke Right wrist' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revoke Right wrist?' })
  await confirm.getByRole('button', { name: 'Revoke bracelet' }).click()
  await expect(card.getByText('No bracelets paired yet.')).toBeVisible()
})

test.describe('without permission to locate', () => {
  test.use({ permissions: [] })

  test('denied geolocation shows Location Error', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.goto('/gps')
    await page.getByRole('button', { name: 'Share My Location' }).click()
    await expect(page.getByText('Location Error', { exact: true })).toBeVisible()
    await expect(
      page.getByText('Unable to get your current location. Please enable location services.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Share My Location' })).toBeEnabled()
    await saveScreenshot('gps-location-error-desktop', { fullPage: false })
  })
})
