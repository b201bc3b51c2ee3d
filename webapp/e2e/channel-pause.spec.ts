import { registerViaApi } from './accounts'
import { expect, test } from './fixtures'
import { addWebhookInSettings } from './channels'
import { startReceiver } from './receiver'

/*
 * Issue 28: a destination that keeps failing is paused, and its channel's
 * owner sees why and until when, with "Try now". Five tests to a webhook
 * that answers 503 are five failures in a row.
 */

test.use({ colorScheme: 'light' })
// Five sends, their failures and the retries after Try now, on a busy machine.
test.describe.configure({ timeout: 120_000 })

for (const size of [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`a webhook that keeps failing is paused, says so, and "Try now" ends it (${size.name})`, async ({ page, saveScreenshot }) => {
    await page.setViewportSize(size.viewport)
    const answer = { status: 503 }
    const receiver = await startReceiver(answer)
    try {
      await registerViaApi(page)
      const section = await addWebhookInSettings(page, `${receiver.url}/hook`)
      const test = section.getByRole('button', { name: /Send a test/ })
      for (let i = 0; i < 5; i++) {
        await expect(test).toBeEnabled()
        await test.click()
      }
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5)
      const paused = section.getByText(/^Paused: errors from 127\.0\.0\.1:\d+ since \d{1,2}:\d{2} [AP]M — we'll try again at \d{1,2}:\d{2} [AP]M$/)
      await expect(paused).toBeVisible({ timeout: 20_000 })
      await expect(section.getByText('Alerts wait meanwhile; an SOS is still tried.')).toBeVisible()
      await paused.scrollIntoViewIfNeeded()
      await saveScreenshot(`channel-paused-${size.name}`, { fullPage: false })

      answer.status = 201 // the webhook is fixed
      await section.getByRole('button', { name: /Try now/ }).click()
      await expect(paused).toBeHidden()
      // The tests that waited go out at once.
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
    } finally {
      await receiver.close()
    }
  })
}
