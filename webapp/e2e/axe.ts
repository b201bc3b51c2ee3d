import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect } from './fixtures'

/** The rules of every scan: WCAG 2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/**
 * axe-core's violations on the page as it is now, or inside `include` (such as an open dialog,
 * whose page is under its overlay). The same rules on the same elements as a plain AxeBuilder,
 * at about a third of its CPU: legacy mode runs axe in the page itself (the default opens a blank
 * page for every scan to merge the results of frames, and the app has none), and only violations
 * are gathered (the default also carries every passing element back to the test, to be thrown away).
 */
export async function axeViolations(page: Page, { include }: { include?: string } = {}): Promise<AxeViolation[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().options({ resultTypes: ['violations'] })
  if (include) builder.include(include)
  return (await builder.analyze()).violations
}

/**
 * Waits until the page's transitions and animations that end have ended (a colour change after
 * the theme switched, a dialog's entrance), so colours are measured as a person sees them; the
 * endless ones (a skeleton's pulse) are left running. The page's own animations are the event,
 * not a clock.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // getAnimations() brings styles up to date first, so a transition due to start is counted.
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)))
  })
}

/** axe-core on the page as it is now (a dialog open, an editor open, an alert shown), light and dark. */
export async function expectAxeClean(page: Page, { include }: { include?: string } = {}) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    await animationsDone(page)
    const violations = await axeViolations(page, { include })
    expect(violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`)).toEqual([])
  }
  // Back to light, and settled: a screenshot taken next would otherwise catch
  // the buttons mid-way through their colour transition from dark (seen as a
  // half-faded "I'm on it" in claim-link-phone.png).
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await animationsDone(page)
}
