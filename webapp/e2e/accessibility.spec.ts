import { newAccount, registerViaApi } from './accounts'
import { animationsDone, axeViolations } from './axe'
import { supportSomeone, withNoteFromSupporter } from './care-notes'
import { expect, test } from './fixtures'
import { takeQuestionnaire } from './questionnaires'
import type { BrowserContext, Page } from '@playwright/test'

/*
 * Issue 17: axe-core on every screen, light and dark, desktop and phone,
 * against WCAG 2.2 A and AA. Any violation fails the suite; the message
 * lists each one with the elements it found.
 */

const signedOutScreens = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password#token=a11y',
  '/crisis',
  '/crisis/safety-plan',
  '/share',
  '/care/accept#token=a11y',
  '/confirm-channel#token=a11y',
  '/claim#token=a11y',
  '/digest/unsubscribe#token=a11y',
  '/no-such-page',
]

type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] }

/**
 * Scans the page in the colour scheme it shows. The first scheme loads the
 * screen; the app follows prefers-color-scheme live, so the second one only
 * waits for <html> to change class instead of loading the screen again.
 */
async function scan(page: Page, path: string, colorScheme: 'light' | 'dark', load: boolean): Promise<Finding[]> {
  await page.emulateMedia({ colorScheme })
  if (load) await page.goto(path)
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
  // Generous: a screen's lazy chunks arrive slowly on a machine busy with other suites.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 30_000 })
  await animationsDone(page)
  return (await axeViolations(page)).map((v) => ({
    screen: path,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}

const variants = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const

const signedInPaths = [
  '/',
  '/checkin',
  '/checkins',
  '/symptoms',
  '/measures',
  '/measures/phq9',
  'measure-history',
  '/education',
  'article',
  '/education/tools/coping-plan',
  '/blog',
  'post',
  '/statistics',
  '/chatbot',
  '/gps',
  '/crisis',
  '/crisis/safety-plan',
  '/settings',
  'share-link',
  '/care-circle',
  '/clinician',
  'clinician-taken',
  '/supporting',
  '/caseload',
  'notes',
  'note-composer',
  '/care/accept#token=a11y',
  '/confirm-channel#token=a11y',
  '/claim#token=a11y',
  '/reset-password#token=a11y',
  '/no-such-page',
]

/** The first article's and blog post's pages, by their slugs. */
async function resolvePath(page: Page, path: string): Promise<string> {
  if (path === 'article') return `/education/${((await (await page.request.get('/api/articles')).json()) as { slug: string }[])[0].slug}`
  if (path === 'post') return `/blog/${((await (await page.request.get('/api/blog')).json()) as { slug: string }[])[0].slug}`
  if (path === 'share-link') {
    await page.request.post('/api/gps/location', { data: { latitude: 37.7749, longitude: -122.4194, accuracy: 10 } })
    return new URL(((await (await page.request.post('/api/share-links', { data: { hours: 1 } })).json()) as { url: string }).url).href
  }
  // Issue 30's notes: the dashboard with a note, People I support with someone to write to.
  if (path === 'notes') {
    await withNoteFromSupporter(page)
    return '/'
  }
  // "My data for my clinician" with a summary to read (its empty state is /clinician).
  if (path === 'clinician-taken') {
    for (const instrument of ['phq9', 'gad7', 'bam', 'auditc'] as const) await takeQuestionnaire(page, instrument)
    return '/clinician'
  }
  if (path === 'note-composer') {
    await supportSomeone(page)
    return '/supporting'
  }
  // Issue 31: a questionnaire's history with a result in it (its trend chart and list).
  if (path === 'measure-history') {
    await page.request.post('/api/measures/responses', { data: { instrument: 'gad7', answers: [1, 1, 1, 1, 1, 0, 0, null], note: 'a busy fortnight' } })
    return '/measures/gad7/history'
  }
  return path
}

type Screen = { path: string; signedIn: boolean }

const screens: Screen[] = [
  ...signedOutScreens.map((path) => ({ path, signedIn: false })),
  ...signedInPaths.map((path) => ({ path, signedIn: true })),
]

// One test per screen, scanned in all four variants: the account and the
// browser contexts are made once per screen instead of once per variant, which
// halves the suite's time; a slow machine still loses one screen, not all.
test.describe.configure({ timeout: 240_000 })

for (const screen of screens) {
  test(`${screen.signedIn ? 'signed in' : 'signed out'} ${screen.path}`, async ({ browser, baseURL }) => {
    let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined
    const findings: (Finding & { variant: string })[] = []
    for (const variant of variants) {
      const context = await browser.newContext({
        baseURL,
        viewport: variant.viewport,
        isMobile: variant.isMobile,
        hasTouch: variant.isMobile,
        serviceWorkers: 'block',
        storageState,
      })
      try {
        const page = await context.newPage()
        if (screen.signedIn && !storageState) {
          await registerViaApi(page, newAccount())
          storageState = await context.storageState()
        }
        const path = await resolvePath(page, screen.path)
        for (const colorScheme of ['light', 'dark'] as const) {
          const load = colorScheme === 'light'
          for (const f of await scan(page, path, colorScheme, load)) findings.push({ ...f, variant: `${variant.name}, ${colorScheme}` })
        }
      } finally {
        await context.close()
      }
    }
    expect(findings).toEqual([])
  })
}
