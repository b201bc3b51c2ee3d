import { expect, test } from './fixtures'

test.describe('theme', () => {
  test.describe('with a light system preference', () => {
    test.use({ colorScheme: 'light' })

    test('the toggle switches to dark, and the choice survives a reload', async ({ page, saveScreenshot }) => {
      await page.goto('/')
      const html = page.locator('html')
      await expect(html).toHaveClass(/\blight\b/)

      await page.getByRole('button', { name: 'Switch to dark theme' }).click()

      await expect(html).toHaveClass(/\bdark\b/)
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()

      await page.reload()

      await expect(html).toHaveClass(/\bdark\b/)
      await saveScreenshot('landing-dark')
    })
  })

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' })

    test('dark is the default', async ({ page, saveScreenshot }) => {
      await page.goto('/')

      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()

      await page.setViewportSize({ width: 390, height: 844 })
      await saveScreenshot('landing-mobile-dark')
    })
  })
})
