import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'

import type { Locator, Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'
import { startLifeline, type LifelineServer } from './lifeline-server'
import { closeServer } from './receiver'
import { artifactsDir, webappDir } from './paths'

/*
 * Issue 29, the map that shows the zones, at phone and desktop sizes: on
 * open it fits the position and two zones 13 km apart; a small zone stays
 * visible as a mark when zoomed out; a live fix does not move the view;
 * "Use where I am now" fills a new zone's centre; and, on a server of this
 * spec's own started with --geocoder-url, the address search asks a local
 * Nominatim stand-in and centres the new zone on what it found.
 *
 * The map draws no tiles here (no outside network): vectors on a plain
 * background. What the view shows is read from the map's data-view
 * ("west,south,east,north" in degrees) and data-zone-marks attributes, and
 * the marks' colours from its canvas.
 */

const HOME = { name: 'Home', type: 'safe', lat: 37.7749, lon: -122.4194, radius: 150 }
const BAR = { name: "Murphy's Bar", type: 'avoid', lat: 37.8044, lon: -122.2712, radius: 100 }
const HERE = { lat: 37.79, lon: -122.35 }

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const

function map(page: Page): Locator {
  return page.getByTestId('live-map')
}

async function createZone(page: Page, zone: typeof HOME) {
  const response = await page.request.post('/api/safe-zones', {
    data: { name: zone.name, type: zone.type, latitude: zone.lat, longitude: zone.lon, radius: zone.radius },
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function sharePosition(page: Page, at: { lat: number; lon: number }) {
  const response = await page.request.post('/api/gps/location', { data: { latitude: at.lat, longitude: at.lon, accuracy: 10 } })
  expect(response.status(), await response.text()).toBe(201)
}

type View = { west: number; south: number; east: number; north: number }

async function view(page: Page): Promise<View | null> {
  const raw = await map(page).getAttribute('data-view')
  if (!raw) return null
  const [west, south, east, north] = raw.split(',').map(Number)
  return { west, south, east, north }
}

/** Whether the view holds the whole circle (a degree of latitude is 111.32 km; of longitude, that times cos(lat)). */
function holds(v: View | null, zone: { lat: number; lon: number; radius?: number }): boolean {
  if (!v) return false
  const dLat = (zone.radius ?? 0) / 111_320
  const dLon = dLat / Math.cos((zone.lat * Math.PI) / 180)
  return v.west <= zone.lon - dLon && v.east >= zone.lon + dLon && v.south <= zone.lat - dLat && v.north >= zone.lat + dLat
}

/**
 * Whether the map's canvas has pixels of `hex` in a ring of `from`–`to`
 * CSS pixels around the place's point on screen: a zone's mark is drawn
 * there, around the position marker.
 */
async function colourAround(page: Page, at: { lat: number; lon: number }, hex: string, from = 12, to = 24): Promise<boolean> {
  const v = await view(page)
  if (!v) return false
  return map(page).evaluate(
    (element, { v, at, hex, from, to }) => {
      const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))
      const box = element.getBoundingClientRect()
      const x = ((at.lon - v.west) / (v.east - v.west)) * box.width
      const y = ((mercatorY(v.north) - mercatorY(at.lat)) / (mercatorY(v.north) - mercatorY(v.south))) * box.height
      const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
      for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
        const context = canvas.getContext('2d')
        const rect = canvas.getBoundingClientRect()
        if (!context || rect.width === 0) continue
        const scale = canvas.width / rect.width
        const cx = (x + box.left - rect.left) * scale
        const cy = (y + box.top - rect.top) * scale
        const r = to * scale
        const data = context.getImageData(Math.round(cx - r), Math.round(cy - r), Math.round(2 * r), Math.round(2 * r)).data
        for (let py = 0; py < 2 * r; py++) {
          for (let px = 0; px < 2 * r; px++) {
            const d = Math.hypot(px - r, py - r) / scale
            if (d < from || d > to) continue
            const i = (Math.round(py) * Math.round(2 * r) + Math.round(px)) * 4
            if (data[i + 3] > 200 && Math.abs(data[i] - want[0]) + Math.abs(data[i + 1] - want[1]) + Math.abs(data[i + 2] - want[2]) < 60) {
              return true
            }
          }
        }
      }
      return false
    },
    { v, at, hex, from, to },
  )
}

/** Zooms with the map's keys, one step at a time: a key pressed mid-animation cuts the last step short. */
async function zoom(page: Page, key: '+' | '-', steps: number) {
  await map(page).focus()
  for (let i = 0; i < steps; i++) {
    const before = (await map(page).getAttribute('data-view')) ?? ''
    await page.keyboard.press(key)
    await expect(map(page)).not.toHaveAttribute('data-view', before)
  }
}

/** The first load of the GPS page on a busy two-core machine: its queries and the map's lazy chunk. */
const FIRST_LOAD = { timeout: 30_000 }

function eventsOpened(page: Page) {
  return page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200)
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, colorScheme: 'light' })

    test('the map opens on the position and both zones, keeps small zones visible zoomed out, and stays put on a live fix', async ({
      page,
      saveScreenshot,
    }) => {
      test.slow()
      const problems = watchForErrors(page)
      await registerViaApi(page)
      await createZone(page, HOME)
      await createZone(page, BAR)
      await sharePosition(page, HERE)

      const opened = eventsOpened(page)
      await page.goto('/gps')
      await opened
      await expect(map(page)).toHaveAttribute('data-zones', "safe:Home:#10b981|avoid:Murphy's Bar:#ef4444", FIRST_LOAD)
      await expect.poll(async () => holds(await view(page), HOME) && holds(await view(page), BAR)).toBe(true)
      expect(holds(await view(page), HERE)).toBe(true)
      const fitted = (await view(page))!
      // 13 km across: each zone a few pixels wide, so each is drawn as a mark with its name.
      await expect(map(page)).toHaveAttribute('data-zone-marks', "Home|Murphy's Bar")
      await expect.poll(() => colourAround(page, HOME, '#10b981')).toBe(true)
      await expect.poll(() => colourAround(page, BAR, '#ef4444')).toBe(true)
      await saveScreenshot(`gps-map-fitted-${size.name}`, { fullPage: false })

      // A live fix moves the marker, not the view.
      await sharePosition(page, { lat: 37.8, lon: -122.3 })
      await expect(map(page)).toHaveAttribute('data-marker', '37.800000,-122.300000')
      expect(await view(page)).toEqual(fitted)

      // Zoomed out three steps, the zones are still there as marks.
      await zoom(page, '-', 3)
      const out = (await view(page))!
      expect(out.east - out.west).toBeGreaterThan(6 * (fitted.east - fitted.west))
      await expect(map(page)).toHaveAttribute('data-zone-marks', "Home|Murphy's Bar")
      await expect.poll(() => colourAround(page, HOME, '#10b981')).toBe(true)
      await expect.poll(() => colourAround(page, BAR, '#ef4444')).toBe(true)

      // Zoomed in on Home, it is its own size again: an area, no longer a mark.
      await zoom(page, '+', 7)
      await expect(map(page)).not.toHaveAttribute('data-zone-marks', /Home/)
      expect(problems).toEqual([])
    })

    test('a new zone starts from where I am now, and the map shows it once saved', async ({ page, saveScreenshot }) => {
      test.slow()
      const problems = watchForErrors(page)
      await registerViaApi(page)
      const opened = eventsOpened(page)
      await page.goto('/gps')
      await opened
      const main = page.getByRole('main')
      await expect(map(page)).toHaveAttribute('data-view', /./, FIRST_LOAD)

      // No position yet: the button says so plainly and changes nothing.
      await main.getByRole('button', { name: 'Add zone' }).click()
      let dialog = page.getByRole('dialog', { name: 'New zone' })
      await dialog.getByRole('button', { name: 'Use where I am now' }).click()
      await expect(dialog.getByTestId('zone-centre-status')).toContainText("There's no position for you yet.")
      await expect(dialog.getByLabel('Latitude')).toHaveValue('37.7749')
      await dialog.getByRole('button', { name: 'Cancel' }).first().click()
      await expect(dialog).toHaveCount(0)

      await sharePosition(page, BAR)
      await expect(map(page)).toHaveAttribute('data-marker', '37.804400,-122.271200')
      await main.getByRole('button', { name: 'Add zone' }).click()
      dialog = page.getByRole('dialog', { name: 'New zone' })
      await dialog.getByLabel('Latitude').fill('37.7')
      await dialog.getByLabel('Longitude').fill('-122.5')
      await dialog.getByRole('button', { name: 'Use where I am now' }).click()
      await expect(dialog.getByLabel('Latitude')).toHaveValue('37.8044')
      await expect(dialog.getByLabel('Longitude')).toHaveValue('-122.2712')
      await expect(dialog.getByTestId('zone-centre-status')).toContainText('Centre set to your position from')
      await dialog.getByLabel('Name').fill("Murphy's Bar on Broadway, the one by the station")
      await dialog.getByRole('radio', { name: 'Avoid zone' }).check()
      await saveScreenshot(`gps-map-where-i-am-${size.name}`, { fullPage: false })
      await dialog.getByRole('button', { name: 'Save zone' }).click()
      await expect(dialog).toHaveCount(0)

      await expect(map(page)).toHaveAttribute('data-zones', "avoid:Murphy's Bar on Broadway, the one by the station:#ef4444")
      await expect.poll(async () => holds(await view(page), { ...BAR, radius: 150 })).toBe(true)
      // The whole name is in the list, on as many lines as it needs.
      const name = main.getByTestId('zone-name')
      await expect(name).toHaveText("Murphy's Bar on Broadway, the one by the station")
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      await page.waitForTimeout(500) // the view's move to the new zone
      await saveScreenshot(`gps-map-new-zone-${size.name}`)
      expect(problems).toEqual([])
    })
  })
}

test.describe('dark', () => {
  test.use({ colorScheme: 'dark' })
  for (const size of SIZES) {
    test(`zones on the map at ${size.name} size, dark`, async ({ page, saveScreenshot }) => {
      test.slow()
      await page.setViewportSize(size.viewport)
      await registerViaApi(page)
      await createZone(page, HOME)
      await createZone(page, BAR)
      await sharePosition(page, HOME)
      await page.goto('/gps')
      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expect.poll(async () => holds(await view(page), BAR), FIRST_LOAD).toBe(true)
      await expect.poll(() => colourAround(page, BAR, '#ef4444')).toBe(true)
      await saveScreenshot(`gps-map-fitted-${size.name}-dark`, { fullPage: false })
    })
  }
})

/** A Nominatim stand-in on loopback: `/search?format=json&q=…` answers one place and records what it was asked. */
async function startNominatim() {
  const asked: { url: string; referer?: string; cookie?: string }[] = []
  const server = http.createServer((req, res) => {
    asked.push({ url: req.url ?? '', referer: req.headers.referer, cookie: req.headers.cookie })
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? ''
    const places = /murphy/i.test(q)
      ? [
          {
            place_id: 1,
            licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
            lat: String(BAR.lat),
            lon: String(BAR.lon),
            name: "Murphy's Bar",
            display_name: "Murphy's Bar, 1200 Broadway, Oakland, California, 94612, United States",
            class: 'amenity',
            type: 'bar',
          },
        ]
      : []
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(places))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, asked, close: () => closeServer(server) }
}

test.describe('with an address search (--geocoder-url)', () => {
  let server: LifelineServer | undefined
  let nominatim: Awaited<ReturnType<typeof startNominatim>> | undefined

  // Both sizes on the one server this describe starts, in one worker.
  test.describe.configure({ mode: 'default' })

  test.beforeAll(async () => {
    test.skip(Boolean(process.env.LIFELINE_BASE_URL), 'needs a server started with --geocoder-url')
    test.setTimeout(90_000)
    nominatim = await startNominatim()
    const logDir = path.join(artifactsDir, 'geocoder-server')
    await mkdir(logDir, { recursive: true })
    server = await startLifeline({
      binary: path.resolve(webappDir, process.env.LIFELINE_BIN ?? '../bin/lifeline'),
      logDir,
      extraArgs: ['--geocoder-url', `${nominatim.url}/search`],
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    await nominatim?.close()
  })
  // Playwright reads fixture dependencies from the destructuring pattern, so it must stay.
  // eslint-disable-next-line no-empty-pattern
  test.use({ baseURL: async ({}, use) => use(server?.url), colorScheme: 'light' })

  for (const size of SIZES) {
    test(`finds an address and centres the new zone there, at ${size.name} size`, async ({ page, saveScreenshot }) => {
      test.slow()
      await page.setViewportSize(size.viewport)
      const problems = watchForErrors(page)
      await registerViaApi(page)
      const response = await page.goto('/gps')
      expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${nominatim!.url};`)
      const main = page.getByRole('main')
      await expect(map(page)).toHaveAttribute('data-view', /./, FIRST_LOAD)

      await main.getByRole('button', { name: 'Add zone' }).click()
      const dialog = page.getByRole('dialog', { name: 'New zone' })
      const before = nominatim!.asked.length
      await dialog.getByLabel('Find an address').fill("Murphy's Bar Oakland")
      expect(nominatim!.asked.length).toBe(before) // nothing is sent while typing
      await dialog.getByLabel('Find an address').press('Enter')
      const results = dialog.getByRole('list', { name: 'Addresses found' })
      await expect(results).toContainText("Murphy's Bar, 1200 Broadway, Oakland")
      await expect(dialog).toBeVisible() // Enter searched; it did not save the zone

      expect(nominatim!.asked.slice(before)).toEqual([
        { url: "/search?q=Murphy%27s+Bar+Oakland&format=json&limit=5", referer: `${server!.url}/`, cookie: undefined },
      ])
      await saveScreenshot(`gps-map-address-search-${size.name}`, { fullPage: false })

      await results.getByRole('button', { name: /Murphy's Bar/ }).click()
      await expect(dialog.getByLabel('Latitude')).toHaveValue(String(BAR.lat))
      await expect(dialog.getByLabel('Longitude')).toHaveValue(String(BAR.lon))
      await expect(dialog.getByLabel('Name')).toHaveValue("Murphy's Bar")
      await expect(dialog.getByTestId('zone-centre-status')).toHaveText("Centre set to Murphy's Bar.")

      // Nothing found says so.
      await dialog.getByLabel('Find an address').fill('Nowhere at all')
      await dialog.getByRole('button', { name: 'Search' }).click()
      await expect(dialog.getByText('Nothing found for “Nowhere at all”. Try a street and a town.')).toBeVisible()

      await dialog.getByRole('radio', { name: 'Avoid zone' }).check()
      await dialog.getByRole('button', { name: 'Save zone' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(map(page)).toHaveAttribute('data-zones', "avoid:Murphy's Bar:#ef4444")
      await expect.poll(async () => holds(await view(page), { ...BAR, radius: 150 })).toBe(true)
      expect(problems).toEqual([])
    })
  }
})
