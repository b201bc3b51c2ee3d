import { readFile } from 'node:fs/promises'

import { newAccount, registerViaApi, signInWithForm, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

test.use({ colorScheme: 'light' })

test.describe('settings', () => {
  test('a new first name shows in the shell and is kept', async ({ page, saveScreenshot }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page, newAccount({ firstName: 'Rosa', lastName: 'Martinez' }))
    await page.goto('/settings')
    const sidebar = page.locator('[data-slot="sidebar"]').first()
    await expect(sidebar.getByTestId('user-first-name')).toHaveText('Rosa')
    await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
    await saveScreenshot('settings-desktop')

    await page.getByLabel('First name').fill('Marisol')
    await page.getByRole('button', { name: 'Save changes' }).click()

    await expect(page.getByText('Profile updated', { exact: true })).toBeVisible()
    await expect(sidebar.getByTestId('user-first-name')).toHaveText('Marisol')
    await expect(sidebar.getByTestId('user-initials')).toHaveText('MM')

    await page.reload()
    await expect(page.getByLabel('First name')).toHaveValue('Marisol')
    await expect(sidebar.getByTestId('user-first-name')).toHaveText('Marisol')
    expect(problems).toEqual([])
  })

  test('a changed password works at the next sign-in; the export downloads', async ({ page }) => {
    const account = await registerViaApi(page)
    await page.goto('/settings')

    const password = page.getByRole('region', { name: 'Password' })
    await password.getByLabel('Current password', { exact: true }).fill('not my password')
    await password.getByLabel('New password', { exact: true }).fill('a brand new calm phrase')
    await password.getByLabel('Confirm new password', { exact: true }).fill('a brand new calm phrase')
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(password.getByText('Current password is incorrect.')).toBeVisible()

    await password.getByLabel('Current password', { exact: true }).fill(account.password)
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible()
    await expect(password.getByLabel('Current password', { exact: true })).toHaveValue('')

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download my data' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^lifeline-export-\d{4}-\d{2}-\d{2}\.json$/)
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as unknown
    expect(JSON.stringify(exported)).toContain(account.email)

    await page.locator('[data-slot="sidebar"]').first().getByRole('link', { name: 'Sign Out' }).click()
    await page.goto('/login')
    await signInWithForm(page, account)
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.')
    await signInWithForm(page, { email: account.email, password: 'a brand new calm phrase' })
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible()
  })

  test('deleting the account asks for the password and ends at the landing page', async ({ page }) => {
    const account = await registerViaApi(page)
    await page.goto('/settings')

    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Your password', { exact: true }).fill('not my password')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog.getByText('Password is incorrect.')).toBeVisible()

    await dialog.getByLabel('Your password', { exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()

    await expect(page.getByRole('link', { name: 'Get Started Today' })).toBeVisible()
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)
    await page.goto('/login')
    await signInWithForm(page, account)
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

    test('fits the screen', async ({ page, saveScreenshot }) => {
      await registerViaApi(page)
      await page.goto('/settings')
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await saveScreenshot('settings-mobile')
      await saveScreenshot('settings-mobile-viewport', { fullPage: false })
    })
  })
})
