import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 9, Learn & Grow: the category filter (kept in the URL, Back and
 * Forward included), a whole article, and the Interactive Tools run against
 * the real binary and its built-in articles. The tools' time is Playwright's
 * clock, fast-forwarded.
 */

test.use({ colorScheme: 'light' })

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

type ListedArticle = { slug: string; title: string; category: string }

async function listArticles(page: Page, category?: string): Promise<ListedArticle[]> {
  const url = category ? `/api/articles?category=${encodeURIComponent(category)}` : '/api/articles'
  const response = await page.request.get(url)
  expect(response.status()).toBe(200)
  return (await response.json()) as ListedArticle[]
}

test('filter Learn & Grow by category, keep it through Back and Forward, and read a whole article', async ({
  page,
  saveScreenshot,
}) => {
  // A long walk through the screens on a shared, busy machine.
  test.slow()
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Noor' }))
  const all = await listArticles(page)
  const coping = await listArticles(page, 'Coping Skills')
  const health = await listArticles(page, 'Health')
  expect(coping.length).toBeGreaterThan(0)
  expect(coping.length).toBeLessThan(all.length)

  await page.goto('/education')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Learn & Grow' })).toBeVisible()
  const filter = main.getByRole('group', { name: 'Filter articles by category' })
  const cards = main.getByTestId('article-card')
  await expect(cards).toHaveCount(all.length)
  await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cards.first().getByRole('heading')).toHaveText(all[0].title)

  // The pictures ship with the app and load.
  const firstImage = cards.first().locator('img')
  await firstImage.scrollIntoViewIfNeeded()
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await page.waitForLoadState('networkidle')
  await saveScreenshot('education-desktop')

  // Coping Skills: the URL says so and only its cards are shown.
  await filter.getByRole('button', { name: 'Coping Skills' }).click()
  await expect(page).toHaveURL(/\/education\?category=Coping%20Skills$/)
  await expect(filter.getByRole('button', { name: 'Coping Skills' })).toHaveAttribute('aria-pressed', 'true')
  await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
  await expect(cards).toHaveCount(coping.length)
  for (const card of await cards.all()) {
    await expect(card.getByText('Coping Skills', { exact: true })).toBeVisible()
  }
  await expect(cards.getByRole('heading')).toHaveText(coping.map((a) => a.title))

  await filter.getByRole('button', { name: 'Health & Wellness' }).click()
  await expect(page).toHaveURL(/\?category=Health$/)
  await expect(cards).toHaveCount(health.length)
  await expect(cards.first().getByText('Health & Wellness', { exact: true })).toBeVisible()

  // Back and Forward move between the filters.
  await page.goBack()
  await expect(page).toHaveURL(/\?category=Coping%20Skills$/)
  await expect(filter.getByRole('button', { name: 'Coping Skills' })).toHaveAttribute('aria-pressed', 'true')
  await expect(cards).toHaveCount(coping.length)
  await page.goForward()
  await expect(filter.getByRole('button', { name: 'Health & Wellness' })).toHaveAttribute('aria-pressed', 'true')
  await page.goBack()
  await expect(cards).toHaveCount(coping.length)

  // A whole article: urge surfing, from its first line to its last.
  const urge = cards.filter({ hasText: 'Urge Surfing' })
  await urge.getByRole('link', { name: /^Read Article/ }).click()
  await expect(page).toHaveURL(/\/education\/urge-surfing\?category=Coping%20Skills$/)
  const article = main.getByRole('article')
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Urge Surfing: Riding Out a Craving Without Acting on It')
  await expect(article.getByText('By Lifeline Team')).toBeVisible()
  await expect(article.getByText(/^\d+ min read$/)).toBeVisible()
  const body = article.getByTestId('article-body')
  await expect(body.getByRole('heading', { level: 2 })).toHaveText([
    'Why fighting a craving can backfire',
    'How to urge surf',
    'What to expect',
    'Practice when the water is calm',
    'Try this today',
  ])
  await expect(body).toContainText('A craving can feel like a wave that will keep building until it knocks you over.')
  await expect(body).toContainText('Then note in your daily check-in what happened to the urge.')
  await page.waitForLoadState('networkidle')
  await saveScreenshot('education-article-desktop')

  // Back to the list, still filtered.
  await main.getByRole('link', { name: 'Back to Learn & Grow' }).click()
  await expect(page).toHaveURL(/\/education\?category=Coping%20Skills$/)
  await expect(cards).toHaveCount(coping.length)

  // An unknown article says so.
  await page.goto('/education/no-such-article')
  await expect(main.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible()
  expect(problems).toEqual([])
})

test('the breathing tool runs for a minute and the guided meditation moves on, pauses and stops', async ({
  page,
  saveScreenshot,
}) => {
  test.slow()
  const problems = watchForErrors(page)
  await page.clock.install()
  await registerViaApi(page)
  await page.goto('/education')
  const tools = page.getByRole('region', { name: 'Interactive Tools' })
  await expect(tools.getByRole('link', { name: 'Coping Plan Builder' })).toHaveAttribute('href', '/education/tools/coping-plan')
  await page.waitForLoadState('networkidle')
  // From here on the page's time moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)

  // Breathing Exercises: one minute of 4-7-8 is three whole cycles (19 s each).
  await tools.getByRole('button', { name: 'Breathing Exercises' }).click()
  const breathing = page.getByRole('dialog', { name: 'Breathing Exercises' })
  const cycles = breathing.getByTestId('breathing-cycles')
  await expect(cycles).toContainText('Cycles completed: 0')
  await breathing.getByRole('button', { name: 'Start' }).click()
  await expect(breathing.getByText('Breathe in', { exact: true }).first()).toBeVisible()
  await page.clock.runFor(60_000)
  await expect(cycles).toContainText('Cycles completed: 3')
  await expect(cycles).toContainText('Cycle 4')
  await saveScreenshot('education-breathing-desktop', { fullPage: false })
  await breathing.getByRole('button', { name: 'Close' }).click()
  await expect(breathing).toHaveCount(0)

  // Guided Meditation: five minutes; half a minute later the breath part begins.
  await tools.getByRole('button', { name: 'Guided Meditation' }).click()
  const meditation = page.getByRole('dialog', { name: 'Guided Meditation' })
  await expect(meditation.getByRole('button', { name: '5 minutes', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(meditation.getByRole('switch', { name: 'Soft chime' })).toHaveAttribute('aria-checked', 'false')
  await meditation.getByRole('button', { name: 'Start' }).click()
  const remaining = meditation.getByTestId('meditation-remaining')
  const prompt = meditation.getByTestId('meditation-prompt')
  await expect(remaining).toContainText('5:00')
  await expect(meditation.getByTestId('meditation-part')).toContainText('Part 1 of 5 · Settling in')
  const firstPrompt = await prompt.textContent()
  await saveScreenshot('education-meditation-start-desktop', { fullPage: false })

  await page.clock.fastForward(35_000)
  await expect(meditation.getByTestId('meditation-part')).toContainText('Part 2 of 5 · Following the breath')
  await expect(prompt).not.toHaveText(firstPrompt ?? '')
  await expect(prompt).toContainText('Bring your attention to your breath.')
  await expect(remaining).toContainText('4:25')
  await expect(meditation.getByRole('progressbar', { name: 'Session progress' })).toHaveAttribute('aria-valuenow', /^11\.6/)
  await saveScreenshot('education-meditation-desktop', { fullPage: false })

  // Paused, time stands still.
  await meditation.getByRole('button', { name: 'Pause' }).click()
  await expect(meditation.getByRole('button', { name: 'Resume' })).toBeVisible()
  await page.clock.fastForward(60_000)
  await expect(remaining).toContainText('4:25')
  await meditation.getByRole('button', { name: 'Resume' }).click()
  await page.clock.fastForward(5_000)
  await expect(remaining).toContainText('4:20')

  await meditation.getByRole('button', { name: 'Stop' }).click()
  await expect(meditation.getByText(/Session stopped/)).toBeVisible()
  expect(problems).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('Learn & Grow, an article and the meditation fit the screen', async ({ page, saveScreenshot }) => {
    test.slow()
    await page.clock.install()
    await registerViaApi(page)
    await page.goto('/education?category=Coping%20Skills')
    const main = page.getByRole('main')
    await expect(main.getByTestId('article-card').first()).toBeVisible()
    await expect(main.getByRole('button', { name: 'Coping Skills' })).toHaveAttribute('aria-pressed', 'true')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.waitForLoadState('networkidle')
    await saveScreenshot('education-mobile')

    await main.getByRole('link', { name: /^Read Article: Urge Surfing/ }).click()
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Urge Surfing')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.waitForLoadState('networkidle')
    await saveScreenshot('education-article-mobile')

    await page.goto('/education')
    await page.getByRole('button', { name: 'Guided Meditation' }).click()
    const meditation = page.getByRole('dialog', { name: 'Guided Meditation' })
    await meditation.getByRole('button', { name: 'Start' }).click()
    await page.clock.fastForward(120_000)
    await expect(meditation.getByTestId('meditation-part')).toContainText('Body scan')
    await saveScreenshot('education-meditation-mobile', { fullPage: false })
  })
})
