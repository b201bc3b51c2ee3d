import AxeBuilder from '@axe-core/playwright'

import { newAccount, registerViaApi } from './accounts'
import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'

/*
 * Issue 17: axe-core on every screen, light and dark, desktop and phone,
 * against WCAG 2.2 A and AA. Any violation fails the suite; the message
 * lists each one with the elements it found.
 */

const signedOutScreens = ['/', '/login', '/register', '/crisis', '/crisis/safety-plan', '/no-such-page']

type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] }

async function scan(page: Page, path: string): Promise<Finding[]> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0)
  // Let enter transitions finish, so colours are measured as a person sees them.
  await page.waitForTimeout(400)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  return results.violations.map((v) => ({
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
  '/no-such-page',
]

/** The first article's and blog post's pages, by their slugs. */
async function resolvePath(page: Page, path: string): Promise<string> {
  if (path === 'article') return `/education/${((await (await page.request.get('/api/articles')).json()) as { slug: string }[])[0].slug}`
  if (path === 'post') return `/blog/${((await (await page.request.get('/api/blog')).json()) as { slug: string }[])[0].slug}`
  return path
}

// One test per screen and variant, so a slow machine loses one screen's result, not all of them.
for (const variant of variants) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${variant.name}, ${colorScheme}`, () => {
      test.use({ viewport: variant.viewport, isMobile: variant.isMobile, hasTouch: variant.isMobile, colorScheme })
      // axe takes seconds per screen on a busy machine.
      test.describe.configure({ timeout: 90_000 })

      for (const path of signedOutScreens) {
        test(`signed out ${path}`, async ({ page }) => {
          expect(await scan(page, path)).toEqual([])
        })
      }
      for (const path of signedInPaths) {
        test(`signed in ${path}`, async ({ page }) => {
          await registerViaApi(page, newAccount())
          expect(await scan(page, await resolvePath(page, path))).toEqual([])
        })
      }
    })
  }
}
