import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect } from './fixtures'

/**
 * axe-core on the page as it is now (a dialog open, an editor open, an alert shown), light and dark;
 * `include` limits it to a selector, such as an open dialog (the page behind it is under its overlay).
 */
export async function expectAxeClean(page: Page, { include }: { include?: string } = {}) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    // Let the colour transitions finish, so contrast is measured as a person sees it.
    await page.waitForTimeout(400)
    const builder = new AxeBuilder({ page })
    if (include) builder.include(include)
    const results = await builder
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(results.violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
