import { mkdir } from 'node:fs/promises'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { Bracelet, pairBracelet, type Fix } from './bracelet'
import { expect, test } from './fixtures'
import { startLifeline, type LifelineServer } from './lifeline-server'
import { artifactsDir, webappDir } from './paths'

/*
 * Never silent, at phone size. A bracelet walks into an avoid zone, the
 * wearer taps "I'm okay", walks out and back in within the cool-down, and a
 * second alert shows at once (live, no reload) with "I'm okay" again. A
 * bracelet that went silent and came back shows its offline alert resolved,
 * on a server of this spec's own whose jobs run every second and which
 * counts a bracelet offline after 3 s of silence.
 */

test.use({ viewport: { width: 390, height: 844 } })

// Murphy's Bar, a circle of 100 m; "out" is 400 m north of it.
const MURPHYS = { lat: 51.5136, lon: -0.131 }
const OUT = { lat: 51.5172, lon: -0.131 }

function eventsOpened(page: Page) {
  return page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200)
}

/** Fixes a second apart in fix time, from a minute ago: each is newer than the last however fast they go. */
function walker(bracelet: Bracelet) {
  let ts = Date.now() - 60_000
  return async (place: Pick<Fix, 'lat' | 'lon'>, fixes = 3) => {
    for (let i = 0; i < fixes; i++) {
      ts += 1000
      await bracelet.publish({ ...place, acc: 4, ts })
    }
  }
}

test("back in an avoid zone after I'm okay: a second alert at once, with I'm okay again", async ({ page, saveScreenshot }) => {
  test.slow() // two walks over MQTT on a shared machine
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  const zone = await page.request.post('/api/safe-zones', {
    data: { name: "Murphy's Bar", type: 'avoid', latitude: MURPHYS.lat, longitude: MURPHYS.lon, radius: 100 },
  })
  expect(zone.status(), await zone.text()).toBe(201)
  const device = await pairBracelet(page, 'Left wrist')
  const opened = eventsOpened(page)
  await page.goto('/')
  await opened

  const bracelet = await Bracelet.connect(device)
  const walk = walker(bracelet)
  try {
    await walk(MURPHYS)
    const first = page.getByTestId('alert').filter({ hasText: `You entered "Murphy's Bar"` })
    await expect(first).toContainText('Avoid zone entered')
    await first.getByRole('button', { name: "I'm okay" }).click()
    await expect(first.getByTestId('okay-at')).toHaveText(/^You said you're okay at \d{1,2}:\d\d [AP]M$/)

    await walk(OUT)
    await walk(MURPHYS)
    const second = page.getByTestId('alert').filter({ hasText: `You're back at "Murphy's Bar"` })
    await expect(second).toContainText(/You said you were okay at \d{1,2}:\d\d [AP]M — how are you doing now\?/)
    await expect(second.getByRole('button', { name: "I'm okay" })).toBeVisible()
    await expect(page.getByTestId('alert')).toHaveCount(2)
    await saveScreenshot('reentry-second-alert-phone', { fullPage: false })

    await second.getByRole('button', { name: "I'm okay" }).click()
    await expect(second.getByTestId('okay-at')).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 800 })
    await saveScreenshot('reentry-second-alert-desktop', { fullPage: false })
  } finally {
    await bracelet.close()
  }
  expect(problems).toEqual([])
})

test.describe('a bracelet that went silent and came back', () => {
  let server: LifelineServer | undefined

  test.beforeAll(async () => {
    test.skip(Boolean(process.env.LIFELINE_BASE_URL), 'needs a server started with short job timers')
    test.setTimeout(90_000)
    const logDir = path.join(artifactsDir, 'reentry-server')
    await mkdir(logDir, { recursive: true })
    server = await startLifeline({
      binary: path.resolve(webappDir, process.env.LIFELINE_BIN ?? '../bin/lifeline'),
      logDir,
      extraArgs: ['--jobs-every', '1s', '--offline-after', '3s'],
    })
  })
  test.afterAll(async () => {
    await server?.stop()
  })
  // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
  // eslint-disable-next-line no-empty-pattern
  test.use({ baseURL: async ({}, use) => use(server?.url) })

  test('shows its offline alert resolved, live', async ({ page, saveScreenshot }) => {
    test.slow()
    const problems = watchForErrors(page)
    await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
    const device = await pairBracelet(page, 'Left wrist')
    const opened = eventsOpened(page)
    await page.goto('/')
    await opened

    const bracelet = await Bracelet.connect(device, server?.mqttAddr ?? undefined)
    const walk = walker(bracelet)
    try {
      await walk(MURPHYS, 1)
      const offline = page.getByTestId('alert').filter({ hasText: 'Your bracelet "Left wrist" has not reported since' })
      await expect(offline).toContainText('Bracelet offline')
      await expect(offline.getByTestId('alert-resolution')).toHaveCount(0)

      await walk(MURPHYS, 1)
      await expect(offline.getByTestId('alert-resolution')).toHaveText(/^Back since \d{1,2}:\d\d [AP]M\.$/)
      await expect(offline).toContainText('Bracelet offline · resolved')
      await expect(offline).toHaveAttribute('data-resolved', 'true')
      await saveScreenshot('reentry-offline-resolved-phone', { fullPage: false })
      await page.setViewportSize({ width: 1280, height: 800 })
      await saveScreenshot('reentry-offline-resolved-desktop', { fullPage: false })
    } finally {
      await bracelet.close()
    }
    expect(problems).toEqual([])
  })
})
