import { newAccount, registerViaApi, signInWithForm, watchForErrors } from './accounts'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { waitForMail } from './smtp'

/*
 * Issue 29: a person who forgot their password asks for a link on the
 * sign-in page, reads it in the email the real SMTP server received, and
 * chooses a new password; the browser that was signed in is signed out,
 * the new password works, and the link does not work twice.
 */

/** lifeline.PasswordResetSubject */
const RESET_SUBJECT = 'Choose a new Lifeline password'

const sizes = [
  { name: 'phone', viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
]

test.use({ colorScheme: 'light' })
// Two browsers and an email on a machine busy with other suites: generous.
test.describe.configure({ timeout: 240_000 })

for (const { name: size, ...device } of sizes) {
  test(`a forgotten password is reset from the emailed link, once (${size})`, async ({ page, browser, baseURL }) => {
    // The account is signed in on another browser: that session must end.
    const account = await registerViaApi(page, newAccount({ firstName: 'Jordan', lastName: 'Lee' }))
    await page.goto('/settings')
    // Generous: a screen's lazy chunk arrives slowly on a machine busy with other suites.
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 30_000 })

    const context = await browser.newContext({ ...device, baseURL, colorScheme: 'light' })
    try {
      const person = await context.newPage()
      const problems = watchForErrors(person)
      await person.goto('/login')
      await expect(person.getByRole('link', { name: 'Forgot password?' })).toBeVisible({ timeout: 30_000 })
      await saveFullPageScreenshot(person, `sign-in-forgot-link-${size}`)
      await person.getByRole('link', { name: 'Forgot password?' }).click()
      await expect(person).toHaveURL(/\/forgot-password$/)
      await expect(person.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible({ timeout: 30_000 })
      await saveFullPageScreenshot(person, `forgot-password-${size}`)
      await person.getByLabel('Email').fill(account.email)
      await person.getByLabel('Email').press('Enter')
      const answer = person.getByRole('status')
      await expect(answer).toContainText('Check your email')
      await expect(answer).toContainText(`If ${account.email} belongs to a Lifeline account`)
      await saveFullPageScreenshot(person, `forgot-password-sent-${size}`)

      const mail = await waitForMail(account.email, new RegExp(RESET_SUBJECT), 30_000)
      expect(mail.body).toContain("If it wasn't you, you can ignore this email")
      expect(mail.body).not.toContain('Jordan')
      const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.body)?.[0]
      if (!link) throw new Error(`no reset link in:\n${mail.body}`)
      const url = new URL(link)
      const path = url.pathname + url.hash

      await person.goto(path)
      await expect(person.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible({ timeout: 30_000 })
      await expect(person).toHaveURL(/\/reset-password$/) // the token left the address bar
      await person.getByLabel('New password', { exact: true }).fill('short')
      await person.getByLabel('New password again').fill('short')
      await person.getByRole('button', { name: 'Save new password' }).click()
      await expect(person.getByText('Use at least 10 characters.')).toBeVisible()
      await saveFullPageScreenshot(person, `reset-password-${size}`)
      const newPassword = `${account.password} anew`
      await person.getByLabel('New password', { exact: true }).fill(newPassword)
      await person.getByLabel('New password again').fill(newPassword)
      await person.getByLabel('New password again').press('Enter')
      await expect(person).toHaveURL(/\/$/)
      await expect(person.getByRole('heading', { level: 1, name: /Jordan/ })).toBeVisible({ timeout: 30_000 })

      // The other browser was signed out; the old password no longer works, the new one does.
      await page.goto('/settings')
      await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/, { timeout: 30_000 })
      await signInWithForm(page, account)
      await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.')
      await signInWithForm(page, { email: account.email, password: newPassword })
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 30_000 })

      // The link works once: opened again, it says so and offers a new one.
      const again = await context.newPage()
      await again.goto(path)
      await again.getByLabel('New password', { exact: true }).fill('yet another long passphrase')
      await again.getByLabel('New password again').fill('yet another long passphrase')
      await again.getByRole('button', { name: 'Save new password' }).click()
      await expect(again.getByRole('alert')).toContainText('This link has expired or was already used.')
      await expect(again.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password')
      await saveFullPageScreenshot(again, `reset-password-used-${size}`)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
}
