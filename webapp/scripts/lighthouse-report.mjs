// Lighthouse figures for BENCHMARKS.md: the landing page (signed out), the
// dashboard (signed in, with a few check-ins) and the caseload of a supporter
// of CASELOAD_PEOPLE (200) people, each with Lighthouse's mobile
// and desktop presets, three runs each; the median run (by performance
// score) is reported. Needs a running server (LIFELINE_URL, default
// http://127.0.0.1:8080, started with --signup-limit above CASELOAD_PEOPLE + 2,
// the sign-ups it makes) and Chromium (CHROME_PATH, default /usr/bin/chromium). Nothing is
// fetched from outside: Lighthouse runs offline.
//
//   node scripts/lighthouse-report.mjs            # prints the table
//   node scripts/lighthouse-report.mjs --write    # also replaces "## Lighthouse" in ../BENCHMARKS.md
//   PAGES=Dashboard PRESETS=mobile RUNS=5 node scripts/lighthouse-report.mjs   # one page and preset, to compare a change
import { loadavg } from 'node:os'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

import { base, caseloadPeople, register, supporterOfMany } from './bench-accounts.mjs'
import { writeSection } from './benchmarks-md.mjs'

const runs = Number(process.env.RUNS ?? 3)

async function signUp() {
  const cookie = await register('Lee', 'Hart')
  const checkin = await fetch(`${base}/api/checkins`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
    body: JSON.stringify({
      mood: 7,
      moodDescription: 'Steady',
      cravingIntensity: 3,
      triggers: [],
      triggerDescription: '',
      substanceUse: false,
      substanceDetails: '',
      copingStrategies: [],
      notes: '',
    }),
  })
  if (!checkin.ok) throw new Error(`check-in: ${checkin.status} ${await checkin.text()}`)
  return cookie
}

const only = (list, names) => (names ? list.filter((item) => names.split(',').includes(item.name)) : list)
const pages = only(
  [
    { name: 'Landing', url: `${base}/`, signedIn: false },
    { name: 'Dashboard', url: `${base}/`, signedIn: true },
    { name: 'Caseload', url: `${base}/caseload`, signedIn: true, account: supporterOfMany },
  ],
  process.env.PAGES,
)
for (const page of pages) page.cookie = page.signedIn ? await (page.account ?? signUp)() : null
const presets = only(
  [
    { name: 'mobile', config: undefined },
    { name: 'desktop', config: desktopConfig },
  ],
  process.env.PRESETS,
)
if (process.argv.includes('--write') && (process.env.PAGES || process.env.PRESETS)) {
  throw new Error('--write records every page and preset: unset PAGES and PRESETS')
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
const rows = []
try {
  for (const page of pages) {
    for (const preset of presets) {
      const results = []
      for (let i = 0; i < runs; i++) {
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
          // Each run starts from an empty cache, as a first visit does.
          disableStorageReset: false,
        }
        // Lighthouse sometimes loses a run's trace (NO_NAVSTART) and asks to
        // run again: such a run has no performance score, so it is run again
        // (and said) rather than reported as a 0.
        let lhr
        for (let attempt = 1; ; attempt++) {
          lhr = (await lighthouse(page.url, flags, preset.config)).lhr
          if (lhr.categories.performance.score !== null) break
          const why = lhr.runtimeError?.code ?? Object.values(lhr.audits).find((a) => a.errorMessage)?.errorMessage
          console.error(`${page.name} ${preset.name} run ${i + 1}: no score (${why}), attempt ${attempt}`)
          if (attempt === 3) throw new Error(`${page.name} ${preset.name}: Lighthouse failed three times`)
        }
        results.push(lhr)
      }
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score)
      const median = results[Math.floor(results.length / 2)]
      const audit = (id) => median.audits[id].numericValue
      rows.push({
        page: page.name,
        preset: preset.name,
        performance: Math.round(median.categories.performance.score * 100),
        accessibility: Math.round(median.categories.accessibility.score * 100),
        bestPractices: Math.round(median.categories['best-practices'].score * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        fcp: audit('first-contentful-paint'),
        // Time to Interactive: out of the score since Lighthouse 10, still measured.
        tti: median.audits.interactive?.numericValue,
        transfer: audit('total-byte-weight'),
        all: results.map((r) => Math.round(r.categories.performance.score * 100)),
        failing: Object.values(median.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
          .map((a) => a.id),
      })
      console.error(`${page.name} ${preset.name}: performance ${rows.at(-1).all.join(', ')}`)
    }
  }
} finally {
  await chrome.kill()
}

const load = loadavg().map((n) => n.toFixed(2)).join(' ')
const ms = (n) => `${Math.round(n)} ms`
const section = [
  '## Lighthouse (`webapp/scripts/lighthouse-report.mjs`)',
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse 12 with Chromium, against the binary on this machine; load average at the end: ${load}. ` +
    `Median of ${runs} runs by performance score (each run's performance score in brackets); the dashboard is signed in with one check-in; ` +
    `the caseload is a supporter's of ${caseloadPeople} people (each sharing check-ins and every alert; a third checked in today, one in twenty asked for help). ` +
    'The mobile preset throttles to a slow 4G phone (simulated); on a loaded machine the CPU-bound figures (TBT) are pessimistic.',
  '',
  '| page | preset | performance | accessibility | best practices | LCP | TBT | FCP | TTI | transferred | audits below 0.9 |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${r.performance} (${r.all.join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${ms(r.fcp)} | ${r.tti === undefined ? '—' : ms(r.tti)} | ${(r.transfer / 1024).toFixed(0)} KiB | ${r.failing.join(', ') || '—'} |`,
  ),
  '',
].join('\n')

process.stdout.write(section)
if (process.argv.includes('--write')) writeSection('## Lighthouse', section)
