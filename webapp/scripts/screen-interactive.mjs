// How soon a screen is usable once a signed-in person opens it in the app:
// the caseload of a supporter of CASELOAD_PEOPLE (200) people, beside the
// dashboard as the baseline of the same run, on Lighthouse's mobile preset
// (a 390 px phone, the CPU slowed 4x, 150 ms round trips at 1.6 Mbit/s,
// applied by Chromium rather than simulated). Lighthouse's own figures
// (lighthouse-report.mjs) are a cold first visit, mostly the app's
// JavaScript arriving over slow 4G; this is the screen itself: from the
// navigation to the first screenful drawn and the main thread quiet (its
// last long task over, as Time to Interactive counts it, with QUIET_MS,
// default 3 s, of quiet after it), and when the whole list is in the page
// (the caseload draws its first rows at once and the rest in batches
// between frames). RUNS (5) navigations each; the median and the worst.
//
// Needs a running server (LIFELINE_URL, default http://127.0.0.1:8080,
// --signup-limit above CASELOAD_PEOPLE + 1) and Chromium (CHROME_PATH,
// default /usr/bin/chromium).
//
//   node scripts/screen-interactive.mjs            # prints the table
//   node scripts/screen-interactive.mjs --write    # also replaces its section of ../BENCHMARKS.md
import { loadavg } from 'node:os'

import { chromium } from '@playwright/test'

import { base, caseloadPeople, supporterOfMany } from './bench-accounts.mjs'
import { writeSection } from './benchmarks-md.mjs'

const runs = Number(process.env.RUNS ?? 5)
const quietMs = Number(process.env.QUIET_MS ?? 3000)
const goalMs = 1000
// Lighthouse's mobile preset (lighthouse/core/config/constants.js).
const mobile = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750 }

const screens = [
  { name: 'Dashboard', path: '/', ready: '[data-testid="checkin-status"]', whole: '[data-testid="checkin-status"]' },
  // First screenful: the rows a 390 × 844 phone shows under the filters (about four).
  { name: 'Caseload', path: '/caseload', ready: 'ul[aria-describedby] > li:nth-child(5)', whole: `ul[aria-describedby] > li:nth-child(${caseloadPeople})` },
]

const cookie = await supporterOfMany()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
const results = Object.fromEntries(screens.map((s) => [s.name, []]))
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base }
    }),
  )
  const page = await context.newPage()
  // Long tasks, kept from the first page load on (the app is one page).
  await page.addInitScript(() => {
    window.__longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const throttle = async (on) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? mobile.cpuSlowdown : 1 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: on ? mobile.latencyMs : 0,
      downloadThroughput: on ? (mobile.downloadKbps * 1024) / 8 : -1,
      uploadThroughput: on ? (mobile.uploadKbps * 1024) / 8 : -1,
    })
  }

  for (let i = 0; i < runs; i++) {
    for (const screen of screens) {
      // A fresh load of a screen with nothing of either, at full speed: the
      // app's code is there (as for someone already in the app) and no
      // answer is cached, so the screen fetches its data as on a first open.
      await throttle(false)
      await page.goto(`${base}/settings`)
      await page.waitForLoadState('networkidle')
      await throttle(true)
      const start = await page.evaluate((path) => {
        const t = performance.now()
        window.history.pushState(null, '', path) // wouter follows pushState
        return t
      }, screen.path)
      await page.waitForSelector(screen.ready, { timeout: 60_000 })
      const drawn = await page.evaluate(() => performance.now())
      await page.waitForSelector(screen.whole, { timeout: 60_000 })
      const whole = await page.evaluate(() => performance.now())
      // Quiet: no long task has ended for quietMs (waited on in the page).
      const lastTask = await page.evaluate(
        ({ start, quietMs }) =>
          new Promise((resolve) => {
            const check = () => {
              const last = Math.max(start, ...window.__longTasks.filter((end) => end > start))
              if (performance.now() - last >= quietMs) resolve(last)
              else setTimeout(check, 100)
            }
            check()
          }),
        { start, quietMs },
      )
      results[screen.name].push({ drawn: drawn - start, whole: whole - start, interactive: Math.max(drawn, lastTask) - start })
    }
  }
} finally {
  await browser.close()
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const worst = (xs) => Math.max(...xs)
const ms = (n) => `${Math.round(n)} ms`
const row = (name) => {
  const r = results[name]
  return { drawn: median(r.map((x) => x.drawn)), whole: median(r.map((x) => x.whole)), interactive: median(r.map((x) => x.interactive)), worst: worst(r.map((x) => x.interactive)) }
}
const dash = row('Dashboard')
const cl = row('Caseload')
const load = loadavg().map((n) => n.toFixed(2)).join(' ')
const section = [
  '## Screens interactive in the app (`webapp/scripts/screen-interactive.mjs`)',
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Chromium, the server on this machine; load average at the end: ${load}. ` +
    `A signed-in supporter of ${caseloadPeople} people opens each screen from the app (no reload), ${runs} times, on Lighthouse's mobile preset ` +
    `(390 px, CPU slowed ${mobile.cpuSlowdown}x, ${mobile.latencyMs} ms round trips at ${(mobile.downloadKbps / 1024).toFixed(1)} Mbit/s, applied by Chromium). ` +
    `Drawn: the screen's first screenful on the page (the caseload: its first five people); whole: everything in the page (the caseload: all ${caseloadPeople} people, ` +
    `drawn in batches between frames after the first screenful); interactive: drawn and the main thread's last long task over, ` +
    `followed by ${quietMs / 1000} s without one. Goal: the caseload interactive within ${goalMs / 1000} s. The dashboard is the baseline of the same run.`,
  '',
  '| screen | drawn (median) | whole (median) | interactive (median) | interactive (worst) | interactive ÷ dashboard |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  `| Dashboard | ${ms(dash.drawn)} | ${ms(dash.whole)} | ${ms(dash.interactive)} | ${ms(dash.worst)} | 1.00 |`,
  `| Caseload (${caseloadPeople} people) | ${ms(cl.drawn)} | ${ms(cl.whole)} | **${ms(cl.interactive)}** (${cl.interactive <= goalMs ? 'within' : 'over'} ${goalMs / 1000} s) | ${ms(cl.worst)} | ${(cl.interactive / dash.interactive).toFixed(2)} |`,
  '',
].join('\n')
process.stdout.write(section)
if (process.argv.includes('--write')) writeSection('## Screens interactive in the app', section)
