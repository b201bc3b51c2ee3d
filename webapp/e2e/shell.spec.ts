import { registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

test.use({ colorScheme: 'light' })

test.describe('navigation shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the slide-out menu opens, keeps focus inside, navigates and closes', async ({ page, saveScreenshot }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
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

  test('the bottom tab bar has five items on a 360 px phone, Crisis always in view', async ({ page, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await registerViaApi(page)
    await page.goto('/')
    const tabs = page.getByRole('navigation', { name: 'Sections' })
    await expect(tabs.getByRole('link')).toHaveText(['Dashboard', 'Daily', 'AI', 'GPS', 'Crisis'])

    for (const link of await tabs.getByRole('link').all()) {
      await expect(link).toBeInViewport({ ratio: 1 })
      const box = await link.boundingBox()
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
    }
    // Nothing in the bar scrolls: five fit side by side.
    expect(await tabs.locator('ul').evaluate((ul) => ul.scrollWidth - ul.clientWidth)).toBeLessThanOrEqual(0)

    const crisis = tabs.getByRole('link', { name: 'Crisis Resources' })
    await crisis.click()
    await expect(page).toHaveURL(/\/crisis$/)
    await expect(crisis).toHaveAttribute('aria-current', 'page')
    await saveScreenshot('shell-mobile-360-crisis', { fullPage: false })
  })

  test('every signed-in screen at 360 px: no sideways scroll, Crisis on the bar, the SOS button in reach', async ({ page, saveScreenshot }) => {
    // Fifteen screens, each waited for: generous on a loaded machine.
    test.setTimeout(300_000)
    await page.setViewportSize({ width: 360, height: 740 })
    await registerViaApi(page)
    const screens = [
      '/',
      '/checkin',
      '/checkins',
      '/symptoms',
      '/education',
      '/education/tools/coping-plan',
      '/blog',
      '/statistics',
      '/chatbot',
      '/gps',
      '/crisis',
      '/crisis/safety-plan',
      '/settings',
      '/care-circle',
      '/supporting',
    ]
    await page.goto('/')
    for (const path of screens) {
      // Inside the app, as its links go (wouter follows popstate): no cold start per screen.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to)
        window.dispatchEvent(new PopStateEvent('popstate'))
      }, path)
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`))
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 20_000 })
      const crisis = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Crisis Resources' })
      await expect(crisis, path).toBeInViewport({ ratio: 1 })
      await expect(page.getByRole('banner').getByRole('button', { name: /Alert my people now/ }), path).toBeInViewport({ ratio: 1 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
      if (path === '/symptoms') await saveScreenshot('shell-mobile-360-symptoms', { fullPage: false })
    }
  })
})
