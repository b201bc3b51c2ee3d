import { expect, test } from './fixtures'

test.describe('not-found page', () => {
  test('an unknown path shows the 404 page', async ({ page, saveScreenshot }) => {
    await page.goto('/no-such-page')

    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
    await saveScreenshot('not-found')
  })

  test('a deep link is served by the SPA fallback and survives a reload', async ({ page, saveScreenshot }) => {
    const response = await page.goto('/some/deep/link?x=1')

    expect(response?.status()).toBe(200)
    const heading = page.getByRole('heading', { level: 1, name: '404 Page Not Found' })
    await expect(heading).toBeVisible()

    await page.reload()

    await expect(heading).toBeVisible()
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/some/deep/link?x=1')
    await saveScreenshot('deep-link')
  })

  test('the 404 page links back to the landing page', async ({ page }) => {
    await page.goto('/no-such-page')

    await page.getByRole('link', { name: 'Go to the home page' }).click()

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Get Started Today' })).toBeVisible()
  })
})
