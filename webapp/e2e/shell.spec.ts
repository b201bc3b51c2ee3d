import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

test.use({ colorScheme: 'light' })

test.describe('navigation shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the slide-out menu opens, keeps focus inside, navigates and closes', async ({ page, saveScreenshot }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible()
    await expect(page.locator('[data-slot="sidebar"]')).toBeHidden()
    await saveScreenshot('shell-mobile', { fullPage: false })

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByText('Keep going strong!')).toBeVisible()
    await expect(menu.getByTestId('user-first-name')).toHaveText('Rosa')
    await saveScreenshot('shell-mobile-menu', { fullPage: false })

    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab')
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)

    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Crisis Resources' }).click()

    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/crisis$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Crisis Resources' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(problems).toEqual([])
  })

  test('the bottom tab bar stays usable on a 360 px phone', async ({ page, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await registerViaApi(page)
    await page.goto('/')
    const tabs = page.getByRole('navigation', { name: 'Sections' })
    await expect(tabs.getByRole('link')).toHaveCount(9)
    await expect(tabs.getByRole('link')).toHaveText([
      'Dashboard',
      'Daily',
      'Symptom',
      'Learn',
      'Blog',
      'Statistics',
      'AI',
      'GPS',
      'Crisis',
    ])

    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(pageOverflow).toBeLessThanOrEqual(0)
    for (const link of await tabs.getByRole('link').all()) {
      const box = await link.boundingBox()
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
    }

    const crisis = tabs.getByRole('link', { name: 'Crisis Resources' })
    await crisis.scrollIntoViewIfNeeded()
    await crisis.click()
    await expect(page).toHaveURL(/\/crisis$/)
    await expect(crisis).toHaveAttribute('aria-current', 'page')
    await expect(crisis).toBeInViewport()
    await saveScreenshot('shell-mobile-360-crisis', { fullPage: false })
  })
})
