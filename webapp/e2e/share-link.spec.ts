import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, saveFullPageScreenshot, test } from './fixtures'

/*
 * Share links (issue 20) against the real binary: the wearer makes a link on
 * the GPS page, a stranger opens it in a fresh signed-out browser and sees
 * the position on the map, the wearer sees the open, turns the link off, and
 * the stranger's page says it is no longer shared.
 */

const HERE = { latitude: 37.7749, longitude: -122.4194 }

test.use({ colorScheme: 'light' })

test('share my location with a link, see it opened, turn it off', async ({ page, browser, baseURL, saveScreenshot }) => {
  test.setTimeout(120_000)
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Alex' }))
  const shared = await page.request.post('/api/gps/location', { data: { ...HERE, accuracy: 12 } })
  expect(shared.status()).toBe(201)

  await page.goto('/gps')
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Share a link to my location' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share my location with a link' })
  await expect(dialog.getByText(/No active links/)).toBeVisible()
  await dialog.getByRole('radio', { name: '8 hours' }).check()
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' })
  await expect(linkBox).toHaveValue(/\/share#token=[\w-]{20,}$/)
  const url = await linkBox.inputValue()
  await expect(dialog.getByTestId('share-link')).toHaveCount(1)
  await expect(dialog.getByText('Not opened yet')).toBeVisible()
  await saveScreenshot('share-dialog', { fullPage: false })

  // A stranger: a fresh context, no session, on a phone.
  const stranger = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const other = await stranger.newPage()
  const otherProblems = watchForErrors(other)
  await other.goto(url)
  await expect(other.getByRole('heading', { level: 1, name: "Alex's location" })).toBeVisible()
  await expect(other.getByTestId('live-map')).toHaveAttribute('data-marker', '37.774900,-122.419400')
  await expect(other.getByText(/Shared until/)).toBeVisible()
  await saveFullPageScreenshot(other, 'share-page-phone')
  // The same page on a desktop.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  const deskPage = await desk.newPage()
  await deskPage.goto(url)
  await expect(deskPage.getByTestId('live-map')).toHaveAttribute('data-marker', '37.774900,-122.419400')
  await saveFullPageScreenshot(deskPage, 'share-page-desktop')
  await desk.close()

  // The wearer sees the opens (newest first) when the dialog opens again.
  await page.keyboard.press('Escape')
  await main.getByRole('button', { name: 'Share a link to my location' }).click()
  const item = dialog.getByTestId('share-link')
  await expect(item.getByText('Opened 2 times')).toBeVisible()
  await expect(item.getByRole('list', { name: 'Opened at' }).getByRole('listitem')).toHaveCount(2)

  // Turn it off, with confirmation.
  await item.getByRole('button', { name: 'Turn off' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Turn this link off?' })
  await confirm.getByRole('button', { name: 'Turn off' }).click()
  await expect(dialog.getByText(/No active links/)).toBeVisible()

  // The open page notices at its next refresh (every 15 s).
  await expect(other.getByRole('heading', { level: 1, name: 'No longer shared' })).toBeVisible({ timeout: 30_000 })
  await expect(other.getByText(/the link was turned off/)).toBeVisible()
  await expect(other.getByTestId('live-map')).toHaveCount(0)
  await saveFullPageScreenshot(other, 'share-page-gone-phone')
  // And a fresh visit says the same, kindly.
  await other.reload()
  await expect(other.getByText(/This link is no longer shared/)).toBeVisible()
  await stranger.close()
  expect(otherProblems.filter((p) => !/404/.test(p))).toEqual([])
  expect(problems).toEqual([])
})
