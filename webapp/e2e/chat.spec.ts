import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'

/*
 * Issue 10, "Must show": the support chat against the real binary and its
 * built-in assistant. Enter sends, the reply appears, the conversation
 * survives a reload, and a crisis message always gets 988.
 */

test.use({ colorScheme: 'light' })

const greeting = "Hello! I'm here to support you on your recovery journey. How can I help you today?"

test.describe('support chat', () => {
  test('Enter sends, the reply appears, a crisis message gets 988, and the conversation survives a reload', async ({
    page,
    saveScreenshot,
  }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
    await page.goto('/chatbot')

    await expect(page.getByRole('heading', { level: 1, name: 'AI Support Assistant' })).toBeVisible()
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log.getByText(greeting)).toBeVisible()
    const box = page.getByRole('textbox', { name: 'Message' })
    const send = page.getByRole('button', { name: 'Send message' })
    await expect(send).toBeDisabled()

    // The box grows between 60 and 120 px.
    const height = async () => (await box.boundingBox())?.height ?? 0
    expect(await height()).toBeGreaterThanOrEqual(59.5)
    expect(await height()).toBeLessThanOrEqual(120.5)
    await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n'))
    expect(await height()).toBeGreaterThanOrEqual(119.5)
    expect(await height()).toBeLessThanOrEqual(120.5)
    await box.fill('')

    // Shift+Enter is a new line, Enter sends.
    await box.pressSequentially('I had a hard day at work')
    await box.press('Shift+Enter')
    await box.pressSequentially('and I keep thinking about drinking')
    await expect(box).toHaveValue('I had a hard day at work\nand I keep thinking about drinking')
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/chatbot' && res.request().method() === 'POST',
    )
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await expect(log.getByText('I had a hard day at work')).toBeVisible()
    const first = await answered
    expect(first.status()).toBe(200)
    expect(first.request().postDataJSON()).toEqual({
      message: 'I had a hard day at work\nand I keep thinking about drinking',
      history: [],
    })
    const replies = log.locator('li[data-role="assistant"]')
    await expect(replies).toHaveCount(2)
    const reply = ((await first.json()) as { response: string }).response
    await expect(replies.nth(1)).toContainText(reply.split('\n')[0].slice(0, 40))

    // A crisis message: 988, 911 and the crisis page, as links.
    const crisis = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/chatbot')
    await box.fill('I want to end my life')
    await box.press('Enter')
    const second = await crisis
    expect((second.request().postDataJSON() as { history: unknown[] }).history).toHaveLength(2)
    await expect(replies).toHaveCount(3)
    const safety = replies.nth(2)
    await expect(safety).toContainText('988')
    await expect(safety.getByRole('link', { name: '988', exact: true }).first()).toHaveAttribute('href', 'tel:988')
    await expect(safety.getByRole('link', { name: '911', exact: true }).first()).toHaveAttribute('href', 'tel:911')
    await expect(safety.getByRole('link', { name: '/crisis', exact: true }).first()).toHaveAttribute('href', '/crisis')
    await page.waitForLoadState('networkidle')
    await saveScreenshot('chat-desktop', { fullPage: false })

    // Kept across a reload (this tab's sessionStorage).
    await page.reload()
    await expect(log.getByText('I want to end my life')).toBeVisible()
    await expect(replies).toHaveCount(3)

    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0)
    await saveScreenshot('chat-mobile', { fullPage: false })
    await page.setViewportSize({ width: 1280, height: 720 })

    // The in-app link goes to the crisis page.
    await replies.nth(2).getByRole('link', { name: '/crisis', exact: true }).first().click()
    await expect(page).toHaveURL(/\/crisis$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeVisible()
    await page.goBack()

    // Clear conversation, after confirming.
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await page.getByRole('alertdialog', { name: 'Clear this conversation?' }).getByRole('button', { name: 'Clear', exact: true }).click()
    await expect(log.getByText('I want to end my life')).toHaveCount(0)
    await expect(log.getByText(greeting)).toBeVisible()
    await page.reload()
    await expect(log.getByText(greeting)).toBeVisible()
    await expect(replies).toHaveCount(1)
    expect(problems).toEqual([])
  })
})
