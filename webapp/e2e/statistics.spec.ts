import type { Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/* Issue 9: the statistics page against the real binary and its built-in figures. */

test.use({ colorScheme: 'light' })

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

type Statistic = { title: string; value: string; source: string; sourceUrl: string; category: string }

test('the statistics page shows every figure with its source', async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page)
  const statistics = (await (await page.request.get('/api/statistics')).json()) as Statistic[]
  expect(statistics.length).toBeGreaterThan(0)

  await page.goto('/statistics')
  await expect(page.getByRole('heading', { level: 1, name: 'Substance Abuse Statistics' })).toBeVisible()
  const cards = page.getByTestId('statistic-card')
  await expect(cards).toHaveCount(statistics.length)
  for (const [i, s] of statistics.entries()) {
    const card = cards.nth(i)
    await expect(card.getByRole('heading', { name: s.title })).toBeVisible()
    await expect(card.getByTestId('statistic-value')).toHaveText(s.value)
    await expect(card).toContainText(`Source: ${s.source}`)
    await expect(card.getByTestId('statistic-icon')).toHaveAttribute('data-category-icon', s.category)
    if (s.sourceUrl) {
      const link = card.getByRole('link', { name: new RegExp(s.source.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      await expect(link).toHaveAttribute('href', s.sourceUrl)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  }
  await page.waitForLoadState('networkidle')
  await saveScreenshot('statistics-desktop')
  expect(problems).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the statistics fit the screen', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.goto('/statistics')
    await expect(page.getByTestId('statistic-card').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('statistics-mobile')
  })
})
