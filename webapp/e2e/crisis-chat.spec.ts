import type { Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { Bracelet, pairBracelet } from './bracelet'
import { expect, test } from './fixtures'

/*
 * Answers that act, on a phone, against the real binary and its safety
 * layer: a crisis message in the chat gets buttons made from the person's
 * own contacts (their sponsor dialled with the extension), an overdose
 * leads with 911, and an avoid-zone alert's sponsor button calls the
 * contact marked sponsor, or offers to add one.
 */

const OLD_BAR = { lat: 37.7793, lon: -122.4093 }
const SAM = { name: 'Sam', phone: '555-0134 ext. 22', href: 'tel:5550134;ext=22' }

test.use({ colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

async function addContact(page: Page, data: { name: string; phone: string; relationship: string; isEmergency?: boolean }) {
  const response = await page.request.post('/api/crisis-contacts', { data: { isEmergency: false, ...data } })
  expect(response.status(), await response.text()).toBe(201)
}

/** Sends a message and waits for the assistant's answer to be on screen; returns that answer's list item. */
async function ask(page: Page, message: string) {
  const answers = page.getByRole('log', { name: 'Conversation' }).locator('li[data-role="assistant"]')
  await expect(answers.first()).toBeVisible({ timeout: 30_000 }) // the greeting, once the screen has loaded
  const before = await answers.count()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(message)
  await box.press('Enter')
  await expect(answers).toHaveCount(before + 1, { timeout: 20_000 })
  return answers.last()
}

/** Walks a paired bracelet into the avoid zone "Old bar" with three confirming fixes (each stored on its PUBACK). */
async function walkIntoOldBar(page: Page) {
  const zone = await page.request.post('/api/safe-zones', {
    data: { name: 'Old bar', type: 'avoid', latitude: OLD_BAR.lat, longitude: OLD_BAR.lon, radius: 100 },
  })
  expect(zone.status(), await zone.text()).toBe(201)
  const bracelet = await Bracelet.connect(await pairBracelet(page))
  try {
    const start = Date.now() - 30_000
    for (let i = 0; i < 3; i++) await bracelet.publish({ lat: OLD_BAR.lat, lon: OLD_BAR.lon, acc: 4, ts: start + i * 1000 })
  } finally {
    await bracelet.close()
  }
}

test('a crisis message gets buttons: 988, the sponsor by name with the extension, Alert my people now, the safety plan', async ({
  page,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  await addContact(page, { name: SAM.name, phone: SAM.phone, relationship: 'sponsor' })
  await addContact(page, { name: 'Mum', phone: '555-0100', relationship: 'family', isEmergency: true })
  await page.goto('/chatbot')

  const answer = await ask(page, 'I want to kill myself')
  const actions = answer.getByRole('group', { name: 'What you can do now' })
  await expect(actions.getByRole('link')).toHaveText(['Call 988', 'Text 988', 'Call Sam (sponsor)', 'Call Mum (family)', 'Open my safety plan'])
  await expect(actions.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988')
  await expect(actions.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988')
  await expect(actions.getByRole('link', { name: 'Call Sam (sponsor)' })).toHaveAttribute('href', SAM.href)
  await expect(actions.getByRole('link', { name: 'Open my safety plan' })).toHaveAttribute('href', '/crisis/safety-plan')
  // The focus stays in the box, ready for the next message.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  // Every button is big enough to hit, and the page does not scroll sideways.
  for (const action of await actions.locator('a, button').all()) {
    expect((await action.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await actions.getByRole('link', { name: 'Call 988' }).scrollIntoViewIfNeeded()
  await saveScreenshot('crisis-chat-suicide-phone', { fullPage: false })

  const alertButton = actions.getByRole('button', { name: 'Alert my people now' })
  await alertButton.click()
  const confirm = page.getByRole('alertdialog', { name: 'Alert your people now?' })
  await expect(confirm.getByTestId('sos-audience')).toContainText('Nobody in your care circle has the SOS alert yet')
  await saveScreenshot('crisis-chat-sos-confirm-phone', { fullPage: false })
  await confirm.getByRole('button', { name: 'Not now' }).click()
  await expect(confirm).toBeHidden()
  await expect(alertButton).toBeFocused()

  await actions.getByRole('link', { name: 'Open my safety plan' }).click()
  await expect(page).toHaveURL(/\/crisis\/safety-plan$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Safety Plan' })).toBeVisible()
  expect(problems).toEqual([])
})

test('an overdose leads with Call 911, then naloxone', async ({ page, saveScreenshot }) => {
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  await addContact(page, { name: SAM.name, phone: SAM.phone, relationship: 'sponsor' })
  await page.goto('/chatbot')

  const answer = await ask(page, "he overdosed and won't wake up")
  const actions = answer.getByRole('group', { name: 'What you can do now' })
  await expect(actions.locator('a, button').first()).toHaveText('Call 911')
  await expect(actions.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911')
  await expect(actions.getByText('Give naloxone if you have it.')).toBeVisible()
  await expect(actions.getByRole('link', { name: 'Call Sam (sponsor)' })).toHaveAttribute('href', SAM.href)
  await actions.scrollIntoViewIfNeeded()
  await saveScreenshot('crisis-chat-overdose-phone', { fullPage: false })

  // On a wide screen the buttons sit in rows under the answer; the conversation is still there after the resize.
  await page.setViewportSize({ width: 1280, height: 800 })
  await actions.scrollIntoViewIfNeeded()
  await expect(actions.getByRole('link', { name: 'Call 911' })).toBeInViewport()
  await saveScreenshot('crisis-chat-overdose-desktop', { fullPage: false })
})

test('without a sponsor the chat offers to add one, with Sponsor chosen, and then calls them', async ({ page, saveScreenshot }) => {
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  // A friend is not a sponsor, and the safety plan's 988 line never is.
  await addContact(page, { name: 'Alex', phone: '555-0111', relationship: 'friend', isEmergency: true })
  await page.goto('/chatbot')

  const answer = await ask(page, 'I want to kill myself')
  const actions = answer.getByRole('group', { name: 'What you can do now' })
  await expect(actions.getByRole('button', { name: 'Add my sponsor' })).toBeVisible()
  await expect(actions.getByRole('link', { name: /sponsor/ })).toHaveCount(0)
  await actions.getByRole('button', { name: 'Add my sponsor' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Emergency Contact' })
  await expect(dialog.getByLabel('Relationship')).toHaveValue('sponsor')
  await saveScreenshot('crisis-chat-add-sponsor-phone', { fullPage: false })
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(actions.getByRole('button', { name: 'Add my sponsor' })).toBeFocused()

  // Added from the chat, the sponsor is called from that same answer, and the focus goes on to it.
  await actions.getByRole('button', { name: 'Add my sponsor' }).click()
  await dialog.getByLabel('Name').fill(SAM.name)
  await dialog.getByLabel('Phone Number').fill(SAM.phone)
  await dialog.getByRole('button', { name: 'Save Contact' }).click()
  await expect(dialog).toBeHidden()
  const call = actions.getByRole('link', { name: 'Call Sam, my sponsor' })
  await expect(call).toHaveAttribute('href', SAM.href)
  await expect(call).toBeFocused()
  await expect(actions.getByRole('button', { name: 'Add my sponsor' })).toHaveCount(0)
  expect(problems).toEqual([])
})

test('without a sponsor the avoid-zone alert offers to add one, and then calls them', async ({ page, saveScreenshot }) => {
  // A bracelet pairs, connects and walks in, then a contact is added: more steps than most.
  test.slow()
  const problems = watchForErrors(page)
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  await walkIntoOldBar(page)
  await page.goto('/gps')
  const alert = page.getByTestId('alert').filter({ hasText: 'Old bar' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  const add = alert.getByRole('button', { name: 'Add my sponsor' })
  await expect(add).toBeVisible()
  await expect(alert.getByRole('link', { name: /sponsor/ })).toHaveCount(0)
  await add.click()
  const form = page.getByRole('dialog', { name: 'Add Emergency Contact' })
  await expect(form.getByLabel('Relationship')).toHaveValue('sponsor')
  await form.getByLabel('Name').fill(SAM.name)
  await form.getByLabel('Phone Number').fill(SAM.phone)
  await form.getByRole('button', { name: 'Save Contact' }).click()
  await expect(form).toBeHidden()

  const call = alert.getByRole('link', { name: 'Call Sam, my sponsor' })
  await expect(call).toHaveAttribute('href', SAM.href)
  await expect(call).toBeFocused()
  await alert.scrollIntoViewIfNeeded()
  await saveScreenshot('crisis-alert-call-sponsor-phone', { fullPage: false })
  expect(problems).toEqual([])
})

test('an avoid-zone alert calls the contact marked sponsor, named on the button', async ({ page, saveScreenshot }) => {
  test.slow()
  await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
  await addContact(page, { name: SAM.name, phone: SAM.phone, relationship: 'sponsor' })
  await walkIntoOldBar(page)
  await page.goto('/')
  const alert = page.getByTestId('alert').filter({ hasText: 'Old bar' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  await expect(alert.getByRole('link', { name: 'Call Sam, my sponsor' })).toHaveAttribute('href', SAM.href)
  await alert.scrollIntoViewIfNeeded()
  await saveScreenshot('crisis-alert-sponsor-dashboard-phone', { fullPage: false })
})
