import type { Page } from '@playwright/test'

import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 9: the Recovery Blog against the real binary and its built-in
 * content (eight posts), and one post opened in full.
 */

test.use({ colorScheme: 'light' })

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('the blog lists its posts and opens one in full', async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page)
  const posts = (await (await page.request.get('/api/blog')).json()) as { slug: string; title: string }[]
  expect(posts.length).toBeGreaterThanOrEqual(8)

  await page.goto('/')
  await page.getByRole('navigation').getByRole('link', { name: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Recovery Blog' })).toBeVisible()
  await expect(page.getByText('Stories, insights, and guidance for your recovery journey')).toBeVisible()
  const cards = page.getByTestId('blog-post-card')
  await expect(cards).toHaveCount(posts.length)
  const first = cards.first()
  await expect(first.getByRole('link', { name: posts[0].title })).toBeVisible()
  await expect(first).toContainText('min read')
  await expect(first).toContainText('By ')
  await page.waitForLoadState('networkidle')
  await saveScreenshot('blog-desktop')

  // The card opens the post: its body is the server's rendered Markdown.
  await first.click()
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0].slug}$`))
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', { level: 1, name: posts[0].title })).toBeVisible()
  await expect(article.locator('h2').first()).toBeVisible()
  await expect(article.locator('p').nth(2)).toBeVisible()
  await page.waitForLoadState('networkidle')
  await saveScreenshot('blog-post-desktop')

  await page.getByRole('link', { name: 'Back to the blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(cards).toHaveCount(posts.length)

  // An address that is no post.
  await page.goto('/blog/no-such-post')
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible()
  expect(problems).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the blog and a post fit the screen', async ({ page, saveScreenshot }) => {
    await registerViaApi(page)
    await page.goto('/blog')
    await expect(page.getByTestId('blog-post-card').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('blog-mobile')

    await page.getByTestId('blog-post-card').nth(1).getByRole('link').click()
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('blog-post-mobile')
  })
})
