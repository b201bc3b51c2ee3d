import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expect, test } from './fixtures'
import type { Page } from '@playwright/test'

/*
 * Issue 10, "Must show": the crisis page signed out and signed in, personal
 * contacts, the coping tools and the safety plan, against the real binary.
 */

test.use({ colorScheme: 'light' })

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.describe('crisis page', () => {
  test('signed out: the hotlines dial by digits, the sign-in prompt, and the coping tools work', async ({
    page,
    saveScreenshot,
  }) => {
    const problems = watchForErrors(page)
    await page.goto('/crisis')

    await expect(page.getByText("If you're experiencing a medical emergency, call 911 immediately.")).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeVisible()
    const hotlines = page.getByRole('region', { name: 'Crisis Hotlines' })
    await expect(hotlines.getByRole('link', { name: '988', exact: true })).toHaveAttribute('href', 'tel:988')
    await expect(hotlines.getByRole('link', { name: '1-800-662-4357' })).toHaveAttribute('href', 'tel:18006624357')
    await expect(hotlines.getByRole('link', { name: 'Text HOME to 741741' })).toHaveAttribute(
      'href',
      'sms:741741?&body=HOME',
    )

    await expect(page.getByText('Sign in to add personal emergency contacts')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      '/api/login?next=%2Fcrisis',
    )

    const centres = page.getByRole('region', { name: 'Local Treatment Centers' })
    await expect(centres.getByRole('link', { name: /^Directions to / })).toHaveCount(2)
    await expect(centres.getByRole('link', { name: /^Find more treatment centers near me/ })).toHaveAttribute(
      'href',
      'https://findtreatment.gov',
    )
    await page.waitForLoadState('networkidle')
    await saveScreenshot('crisis-signed-out-desktop')

    // 4-7-8 breathing: a few guided seconds.
    await page.getByRole('button', { name: '4-7-8 Breathing' }).click()
    const breathing = page.getByRole('dialog', { name: '4-7-8 Breathing' })
    await breathing.getByRole('button', { name: 'Start' }).click()
    await expect(breathing.getByText('Breathe in', { exact: true }).first()).toBeVisible()
    await expect(breathing.getByText('Hold', { exact: true }).first()).toBeVisible({ timeout: 6_000 })
    await saveScreenshot('crisis-breathing-desktop', { fullPage: false })
    await breathing.getByRole('button', { name: 'Close' }).click()
    await expect(breathing).toHaveCount(0)

    // 5-4-3-2-1 grounding: every sense, then the closing words.
    await page.getByRole('button', { name: '5-4-3-2-1 Grounding' }).click()
    const grounding = page.getByRole('dialog', { name: '5-4-3-2-1 Grounding' })
    await grounding.getByRole('textbox', { name: '5 things you can see' }).fill('the window, a mug, my shoes, a plant, the door')
    await saveScreenshot('crisis-grounding-desktop', { fullPage: false })
    for (const next of ['4 things you can touch', '3 things you can hear', '2 things you can smell', '1 thing you can taste']) {
      await grounding.getByRole('button', { name: 'Next' }).click()
      await expect(grounding.getByRole('textbox', { name: next })).toBeVisible()
    }
    await grounding.getByRole('button', { name: 'Finish' }).click()
    await expect(grounding.getByRole('heading', { name: 'Well done.' })).toBeVisible()
    await grounding.getByRole('button', { name: 'Done' }).click()
    await expect(grounding).toHaveCount(0)

    // The safety plan is one tap away; signed out it asks to sign in.
    await page.getByRole('link', { name: 'Safety Plan' }).click()
    await expect(page).toHaveURL(/\/crisis\/safety-plan$/)
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      '/api/login?next=%2Fcrisis%2Fsafety-plan',
    )
    expect(problems).toEqual([])
  })

  test('signed in: add a contact (empty name is refused), see it, delete it', async ({ page, saveScreenshot }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page, newAccount({ firstName: 'Rosa' }))
    await page.goto('/crisis')

    const contacts = page.getByRole('region', { name: 'Personal Contacts' })
    await expect(contacts.getByText('No personal contacts added yet.')).toBeVisible()
    await expect(page.getByText('Sign in to add personal emergency contacts')).toHaveCount(0)

    await contacts.getByRole('button', { name: 'Add Contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Emergency Contact' })
    await dialog.getByLabel('Phone Number').fill('(555) 010-0123')
    await dialog.getByRole('button', { name: 'Save Contact' }).click()
    await expect(dialog.getByText('Name is required')).toBeVisible()
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused()
    await saveScreenshot('crisis-contact-dialog-desktop', { fullPage: false })

    await dialog.getByLabel('Name', { exact: true }).fill('Maria Gomez')
    await dialog.getByLabel('Relationship').selectOption('sponsor')
    await dialog.getByRole('switch', { name: 'Emergency contact' }).click()
    const saved = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/crisis-contacts' && res.request().method() === 'POST',
    )
    await dialog.getByRole('button', { name: 'Save Contact' }).click()
    const response = await saved
    expect(response.status()).toBe(201)
    expect(response.request().postDataJSON()).toEqual({
      name: 'Maria Gomez',
      phone: '(555) 010-0123',
      relationship: 'sponsor',
      isEmergency: true,
    })

    await expect(page.getByText('Contact added!', { exact: true })).toBeVisible()
    await expect(page.getByText('Emergency contact has been saved successfully.', { exact: true })).toBeVisible()
    await expect(dialog).toHaveCount(0)
    const item = contacts.getByRole('listitem').filter({ hasText: 'Maria Gomez' })
    await expect(item).toBeVisible()
    await expect(item.getByText('Sponsor')).toBeVisible()
    await expect(item.getByText('Emergency')).toBeVisible()
    await expect(item.getByRole('link', { name: /Call Maria Gomez/ })).toHaveAttribute('href', 'tel:5550100123')
    await page.waitForLoadState('networkidle')
    await saveScreenshot('crisis-signed-in-desktop')

    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('crisis-signed-in-mobile')
    await page.setViewportSize({ width: 1280, height: 720 })

    await item.getByRole('button', { name: 'Delete Maria Gomez' }).click()
    await page.getByRole('alertdialog', { name: 'Remove Maria Gomez?' }).getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByText('Contact removed', { exact: true })).toBeVisible()
    await expect(page.getByText('Emergency contact has been deleted.', { exact: true })).toBeVisible()
    await expect(contacts.getByText('No personal contacts added yet.')).toBeVisible()
    const left = (await (await page.request.get('/api/crisis-contacts')).json()) as unknown[]
    expect(left).toEqual([])
    expect(problems).toEqual([])
  })

  test('signed in: the safety plan is saved to the account and is still there after a reload', async ({
    page,
    saveScreenshot,
  }) => {
    const problems = watchForErrors(page)
    await registerViaApi(page)
    await page.goto('/crisis')

    await page.getByRole('link', { name: 'Safety Plan' }).click()
    await expect(page).toHaveURL(/\/crisis\/safety-plan$/)
    const form = page.getByRole('form', { name: 'My Safety Plan' })
    const step5 = form.getByRole('group', { name: /Professionals and agencies/ })
    await expect(step5.getByText('988 Suicide & Crisis Lifeline')).toBeVisible()
    await expect(step5.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')

    await form.getByRole('textbox', { name: 'Warning sign 1' }).fill('Not sleeping')
    await form.getByRole('textbox', { name: 'Warning sign 1' }).press('Enter')
    await form.getByRole('textbox', { name: 'Warning sign 2' }).fill('Skipping meetings')
    await form.getByRole('textbox', { name: 'Coping strategy 1' }).fill('4-7-8 breathing on the back step')
    await form.getByRole('textbox', { name: 'Person to ask 1' }).fill('Maria, my sponsor, 555-0134')
    await form.getByRole('textbox', { name: 'Name or service 1' }).fill('Dr. Patel')
    await form.getByRole('textbox', { name: 'Phone 1' }).fill('555-0100')
    await form.getByRole('textbox', { name: 'Reason 1' }).fill('My daughter')
    await saveScreenshot('safety-plan-edit-desktop')

    const saved = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/safety-plan' && res.request().method() === 'PUT',
    )
    await page.getByRole('button', { name: 'Save Safety Plan' }).click()
    const response = await saved
    expect(response.status()).toBe(200)
    expect((response.request().postDataJSON() as { professionals: unknown }).professionals).toEqual([
      { name: 'Dr. Patel', phone: '555-0100' },
    ])
    await expect(page.getByText('Safety plan saved', { exact: true })).toBeVisible()

    await page.reload()
    const view = page.getByTestId('safety-plan-view')
    await expect(view.getByText('Not sleeping')).toBeVisible()
    await expect(view.getByText('Skipping meetings')).toBeVisible()
    await expect(view.getByText('My daughter')).toBeVisible()
    await expect(view.getByRole('link', { name: /Call Dr\. Patel/ })).toHaveAttribute('href', 'tel:5550100')
    await expect(view.getByRole('link', { name: /^Call 988/ })).toHaveAttribute('href', 'tel:988')
    await expect(page.getByTestId('safety-plan-saved')).toContainText('Last saved')
    await page.waitForLoadState('networkidle')
    await saveScreenshot('safety-plan-desktop')

    // Printing shows the sheet alone.
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('[data-safety-plan-print]')).toBeVisible()
    await expect(page.locator('#root')).toBeHidden()
    await saveScreenshot('safety-plan-print')
    await page.emulateMedia({ media: 'screen' })

    // Editing keeps the rest.
    await page.getByRole('button', { name: 'Edit plan' }).click()
    await form.getByRole('textbox', { name: 'Reason 1' }).press('Enter')
    await form.getByRole('textbox', { name: 'Reason 2' }).fill('Seeing the ocean again')
    await page.getByRole('button', { name: 'Save Safety Plan' }).click()
    await expect(view.getByText('Seeing the ocean again')).toBeVisible()
    const plan = (await (await page.request.get('/api/safety-plan')).json()) as { reasonsForLiving: string[] }
    expect(plan.reasonsForLiving).toEqual(['My daughter', 'Seeing the ocean again'])

    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0)
    await saveScreenshot('safety-plan-mobile')
    expect(problems).toEqual([])
  })

  test('stays usable when the API is down: hotlines and tools at once, a gentle word about the contacts', async ({
    page,
  }) => {
    await registerViaApi(page)
    await page.route('**/api/crisis-contacts', (route) => route.fulfill({ status: 503, body: 'down' }))
    await page.goto('/crisis')

    const contacts = page.getByRole('region', { name: 'Personal Contacts' })
    await expect(contacts.getByText("We couldn't load your contacts just now. The hotlines above always work.")).toBeVisible()
    await expect(page.getByRole('link', { name: '988', exact: true })).toHaveAttribute('href', 'tel:988')
    await page.getByRole('button', { name: '4-7-8 Breathing' }).click()
    await expect(page.getByRole('dialog', { name: '4-7-8 Breathing' })).toBeVisible()
    await page.keyboard.press('Escape')

    // Nothing answers at all: still the whole page, saying the numbers work offline.
    await page.unrouteAll()
    await page.route('**/api/**', (route) => route.abort())
    await page.reload()
    await expect(page.getByText("You're offline — these numbers still work.", { exact: false })).toBeVisible()
    await expect(page.getByRole('link', { name: '1-800-662-4357' })).toHaveAttribute('href', 'tel:18006624357')
    await expect(page.getByRole('button', { name: '5-4-3-2-1 Grounding' })).toBeVisible()
    await expect(contacts.getByText("We couldn't load your contacts just now. The hotlines above always work.")).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

    test('the signed-out crisis page fits', async ({ page, saveScreenshot }) => {
      await page.goto('/crisis')
      await expect(page.getByRole('link', { name: '988', exact: true })).toBeVisible()
      await expect(page.getByText('Sign in to add personal emergency contacts')).toBeVisible()
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await saveScreenshot('crisis-signed-out-mobile')

      await page.getByRole('button', { name: '4-7-8 Breathing' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click()
      await saveScreenshot('crisis-breathing-mobile', { fullPage: false })
    })
  })
})
