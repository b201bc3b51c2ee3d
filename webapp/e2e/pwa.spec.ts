import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'
import type { BrowserContext, Page } from '@playwright/test'

/*
 * Issue 17: the app installs (manifest, icons, a service worker controlling
 * the page), and with no network at all the crisis page and the last copy
 * of the person's safety plan still open; signing out forgets that copy.
 */

test.use({ serviceWorkers: 'allow', colorScheme: 'light' })

type Manifest = {
  name: string
  short_name: string
  start_url: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
  shortcuts: { name: string; url: string }[]
}

/**
 * No network for the page nor for the service worker: setOffline() does not
 * reach the worker's own fetches, so those are cut off by a route as well.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true)
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'))
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll()
  await context.setOffline(false)
}

/** Resolves once a service worker controls the page (it claims open pages when it activates). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  })
}

test('the manifest and icons meet the install criteria', async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/manifest+json')
  const manifest = (await response.json()) as Manifest
  expect(manifest).toMatchObject({ short_name: 'Lifeline', start_url: '/', display: 'standalone' })
  expect(manifest.name).toContain('Lifeline')
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/)
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Check in', '/checkin'],
    ['Need help now', '/crisis'],
  ])
  const png = manifest.icons.filter((icon) => icon.type === 'image/png')
  expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  )
  for (const icon of png) {
    const image = await page.request.get(icon.src)
    expect(image.headers()['content-type'], icon.src).toBe('image/png')
  }

  const sw = await page.request.get('/sw.js')
  expect(sw.headers()['content-type']).toContain('javascript')
  expect(sw.headers()['cache-control']).toBe('no-cache')

  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await waitForServiceWorker(page)
})

test('offline, the crisis page and the saved safety plan open; other screens say they need a connection', async ({
  page,
  context,
  saveScreenshot,
}) => {
  test.setTimeout(90_000)
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Noor' }))
  const put = await page.request.put('/api/safety-plan', {
    data: { warningSigns: ['Not sleeping'], reasonsForLiving: ['My daughter'], professionals: [{ name: 'Dr. Patel', phone: '555-0100' }] },
  })
  expect(put.status(), await put.text()).toBe(200)

  await page.goto('/crisis/safety-plan')
  await waitForServiceWorker(page)
  // Seen once through the service worker, which keeps that copy.
  await page.reload()
  await expect(page.getByTestId('safety-plan-view').getByText('Not sleeping')).toBeVisible()

  await goOffline(context)
  await page.goto('/crisis')
  await expect(page.getByText("You're offline — these numbers still work.", { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeVisible()
  const hotlines = page.getByRole('region', { name: 'Crisis Hotlines' })
  await expect(hotlines.getByRole('link', { name: '988', exact: true })).toHaveAttribute('href', 'tel:988')
  await expect(hotlines.locator('a[href^="sms:"]').first()).toBeVisible()
  await saveScreenshot('offline-crisis-desktop')

  await page.goto('/crisis/safety-plan')
  const view = page.getByTestId('safety-plan-view')
  await expect(page.getByText(/You're offline\. This is the copy of your plan this device saved/)).toBeVisible()
  await expect(view.getByText('Not sleeping')).toBeVisible()
  await expect(view.getByText('My daughter')).toBeVisible()
  await expect(view.getByRole('link', { name: /Call Dr\. Patel/ })).toHaveAttribute('href', 'tel:5550100')
  await saveScreenshot('offline-safety-plan-desktop')

  await page.goto('/checkins')
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Crisis resources' })).toHaveAttribute('href', '/crisis')
  await saveScreenshot('offline-other-screen-desktop')

  // Signing out forgets the saved copy.
  await goOnline(context)
  await page.goto('/api/logout')
  await goOffline(context)
  await page.goto('/crisis/safety-plan')
  await expect(page.getByText(/this device has no saved copy of your safety plan/)).toBeVisible()
  await expect(page.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')
  expect(problems).toEqual([])
})
