import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { CONFIRMATION_SUBJECT, confirmationLinks, mailTo } from './smtp'

/*
 * Issue 28: an email address receives nothing but its confirmation until
 * its owner opens the link (from the real SMTP server's message), on a
 * phone where nobody is signed in; then "Send a test" reaches it, at most
 * five times an hour, and the sixth press says when to try again.
 */

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true }

test.use({ colorScheme: 'light' })
test.describe.configure({ timeout: 120_000 })

test('a new email address waits for confirmation, is confirmed from the emailed link, and tests are limited kindly', async ({
  page,
  browser,
  baseURL,
}) => {
  const problems = watchForErrors(page)
  const account = await registerViaApi(page, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
  const address = `home-${account.email}`
  await page.goto('/settings')
  const section = page.getByRole('region', { name: "How I'm told" })
  await section.getByLabel('Email address').fill(address)
  await section.getByRole('button', { name: 'Add channel' }).click()
  const row = section.getByRole('listitem').filter({ hasText: address })
  await expect(row.getByText('Waiting for confirmation')).toBeVisible()
  await expect(row.getByRole('button', { name: /Send a test/ })).toBeDisabled()
  await row.scrollIntoViewIfNeeded()
  await saveFullPageScreenshot(page, 'channel-waiting-desktop', { fullPage: false })

  // "Send again" once the first email is there (a link not yet sent is replaced, not sent): a
  // second link; only the newest works.
  await expect.poll(async () => (await mailTo(address)).length, { timeout: 30_000 }).toBe(1)
  await row.getByRole('button', { name: /Send again/ }).click()
  await expect(page.getByText('A new link is on its way.').first()).toBeVisible()
  await expect.poll(async () => (await mailTo(address)).length, { timeout: 30_000 }).toBe(2)
  const mails = await mailTo(address)
  expect(mails.map((m) => m.subject)).toEqual([CONFIRMATION_SUBJECT, CONFIRMATION_SUBJECT])
  const links = await confirmationLinks(address)
  expect(links).toHaveLength(2)

  // The owner opens them on a phone, signed out, with the keyboard: the replaced link says so, the newest works.
  const phone = await browser.newContext({ ...PHONE, baseURL, colorScheme: 'light' })
  const outcomes: string[] = []
  const ownerProblems: string[][] = []
  try {
    for (const link of links) {
      const owner = await phone.newPage() // each link opens in its own tab, as from a mail app
      ownerProblems.push(watchForErrors(owner))
      await owner.goto(link)
      await expect(owner.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible()
      await expect(owner).toHaveURL(/\/confirm-channel$/) // the token left the address bar
      await saveFullPageScreenshot(owner, 'confirm-channel-phone')
      await owner.getByRole('button', { name: 'Confirm this address' }).focus()
      await owner.keyboard.press('Enter')
      const answer = owner.getByRole('status').or(owner.getByRole('alert'))
      await expect(answer).toBeVisible()
      outcomes.push((await answer.textContent()) ?? '')
      await saveFullPageScreenshot(owner, 'confirm-channel-answer-phone')
    }
    expect(outcomes.filter((o) => o.includes(`${address} is confirmed`))).toHaveLength(1)
    expect(outcomes.filter((o) => o.includes('This link is not valid any more'))).toHaveLength(1)
    expect(ownerProblems.flat()).toEqual([])
  } finally {
    await phone.close()
  }

  await page.reload()
  await expect(row.getByText('Waiting for confirmation')).toHaveCount(0)
  for (let i = 0; i < 5; i++) {
    await row.getByRole('button', { name: /Send a test/ }).click()
    await expect(page.getByText('Test on its way.').first()).toBeVisible()
  }
  await row.getByRole('button', { name: /Send a test/ }).click()
  await expect(page.getByText(/You've sent a lot of tests\. Try again in \d+ minutes\./).first()).toBeVisible()
  await expect.poll(async () => (await mailTo(address)).filter((m) => m.subject === 'Lifeline test').length, { timeout: 30_000 }).toBe(5)
  expect(problems).toEqual([])
})
