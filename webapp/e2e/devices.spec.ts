import { newAccount, registerViaApi, turnOnAdvanced, watchForErrors } from './accounts'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, test } from './fixtures'

/*
 * Issue 8 item 6, the Bracelets card against the real binary: a bracelet's
 * tester view shows its packets live over MQTT, accepted and rejected with
 * the reason in words, and a bracelet is renamed inline.
 */

test.use({ colorScheme: 'light' })

test('the tester view shows a good and a bad packet live, and a bracelet is renamed', async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Tess' }))
  await turnOnAdvanced(page)
  const device = await pairBracelet(page, 'Left wrist')

  const eventsOpened = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200)
  await page.goto('/gps')
  await eventsOpened
  const card = page.getByTestId('bracelets-card')
  const row = card.getByTestId('device-row').filter({ hasText: 'Left wrist' })
  await expect(row).toBeVisible()

  // Nothing sent yet: the view explains how to send a packet.
  const watched = page.waitForResponse((res) => res.url().endsWith(`/api/devices/${device.id}/watch`) && res.status() === 200)
  await row.getByRole('button', { name: 'Tester view for Left wrist' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tester view: Left wrist' })
  await expect(dialog).toBeVisible()
  await watched
  await expect(dialog.getByTestId('tester-empty')).toContainText('No packets yet')
  await expect(dialog.getByTestId('tester-simulator-command')).toContainText(`'${device.id}' 'YOUR_TOKEN'`)
  await expect(dialog.getByTestId('tester-state')).toHaveText('Live')

  const bracelet = await Bracelet.connect(device)
  try {
    await bracelet.publish({ lat: 37.7749, lon: -122.4194, acc: 6, bat: 81 })
    const packets = dialog.getByTestId('packet')
    await expect(packets).toHaveCount(1)
    await expect(packets.first().getByTestId('packet-outcome')).toHaveText('Accepted · position')
    await expect(packets.first().getByTestId('packet-excerpt')).toContainText('"lat":37.7749')

    await bracelet.publishRaw(`{"seq":99,"ts":${Date.now()},"lat":123,"lon":2}`)
    await expect(packets).toHaveCount(2)
    const newest = packets.first()
    await expect(newest.getByTestId('packet-outcome')).toHaveText('Rejected · latitude out of range')
    await expect(newest.getByTestId('packet-excerpt')).toContainText('"lat":123')
    await expect(newest.getByTestId('packet-detail')).not.toBeEmpty()

    await bracelet.publishRaw('definitely not json')
    await expect(packets).toHaveCount(3)
    await expect(packets.first().getByTestId('packet-outcome')).toHaveText('Rejected · not valid JSON')
    await saveScreenshot('devices-tester-view-desktop', { fullPage: false })

    await page.setViewportSize({ width: 390, height: 844 })
    await saveScreenshot('devices-tester-view-mobile', { fullPage: false })
    await page.setViewportSize({ width: 1280, height: 900 })

    // Paused, a new packet waits; resumed, it shows.
    await dialog.getByRole('button', { name: 'Pause' }).click()
    await bracelet.publish({ lat: 37.775, lon: -122.419 })
    await expect(dialog.getByTestId('tester-state')).toContainText('1 new packet while paused')
    await expect(packets).toHaveCount(3)
    await dialog.getByRole('button', { name: 'Resume' }).click()
    await expect(packets).toHaveCount(4)
    await dialog.getByRole('button', { name: 'Clear' }).click()
    await expect(packets).toHaveCount(0)
    await expect(dialog).toContainText('Cleared. New packets will appear here.')
  } finally {
    await bracelet.close()
  }
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // Reopened, the packets so far come from the server.
  await row.getByRole('button', { name: 'Tester view for Left wrist' }).click()
  await expect(dialog.getByTestId('packet')).toHaveCount(4)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // Rename inline: Escape cancels, Enter saves.
  await row.getByRole('button', { name: 'Rename Left wrist' }).click()
  const field = card.getByRole('textbox', { name: 'New name' })
  await field.fill('Changed my mind')
  await field.press('Escape')
  await expect(card.getByTestId('device-name')).toHaveText('Left wrist')
  await card.getByRole('button', { name: 'Rename Left wrist' }).click()
  await field.fill('')
  await field.press('Enter')
  await expect(card.getByRole('alert')).toHaveText('Give the bracelet a name of 1 to 80 characters.')
  await field.fill('Right wrist')
  await field.press('Enter')
  await expect(page.getByText('Bracelet renamed', { exact: true })).toBeVisible()
  await expect(card.getByTestId('device-name')).toHaveText('Right wrist')
  await page.reload()
  await expect(page.getByTestId('bracelets-card').getByTestId('device-name')).toHaveText('Right wrist')

  expect(problems).toEqual([])
})
