import { expect, test } from './fixtures'

const featureTitles = [
  'Daily Check-ins',
  'Symptom Tracking',
  'Educational Resources',
  'Progress Dashboard',
  'Smart Alerts',
  'Crisis Support',
]

test.use({ colorScheme: 'light' })

test.describe('landing page', () => {
  test('introduces Lifeline and its six features', async ({ page, baseURL, saveScreenshot }) => {
    const pageErrors: Error[] = []
    const outsideRequests: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error))
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== baseURL) outsideRequests.push(request.url())
    })

    await page.goto('/')

    await expect(page).toHaveTitle(/Lifeline/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your personal companion for wellness support and progress tracking',
    )
    const features = page.getByRole('list', { name: 'Features' })
    await expect(features.getByRole('listitem')).toHaveCount(6)
    await expect(features.getByRole('heading', { level: 3 })).toHaveText(featureTitles)
    await expect(page.getByRole('link', { name: 'Need help now?' })).toHaveAttribute('href', '/crisis')

    await page.waitForLoadState('networkidle')
    await saveScreenshot('landing-desktop')
    expect(pageErrors).toEqual([])
    expect(outsideRequests, 'the page must not reach outside hosts').toEqual([])
  })

  for (const name of ['Get Started Today', 'Sign In to Get Started']) {
    test(`"${name}" leads to /api/login`, async ({ page }) => {
      await page.goto('/')
      const link = page.getByRole('link', { name })
      await expect(link).toHaveAttribute('href', '/api/login')

      const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login')
      await link.click()
      const request = await loginRequest

      expect(request.isNavigationRequest()).toBe(true)
    })
  }

  test('starts keyboard navigation with a skip link', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

    test('fits the screen without sideways scrolling', async ({ page, saveScreenshot }) => {
      await page.goto('/')
      await expect(page.getByRole('link', { name: 'Get Started Today' })).toBeVisible()

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await saveScreenshot('landing-mobile')
    })
  })
})
