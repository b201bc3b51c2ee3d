import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expectAxeClean } from './axe'
import { addSupporter } from './care-notes'
import { expect, saveFullPageScreenshot, test } from './fixtures'

/*
 * Issue 30, notes: a supporter sends a preset and a note of their own from
 * People I support; the wearer, on a phone, reads both on the dashboard
 * as they arrive ("From your people", newest first, by the name they gave
 * the supporter), marks one read and mutes the supporter on Care circle, after which the
 * notes are gone from the dashboard and the supporter still sees what
 * they sent, with nothing to tell them.
 */

test.describe.configure({ timeout: 120_000 })

test('a supporter sends a preset and a note; the wearer reads them on a phone and mutes the supporter', async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  const desktop = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  try {
    const wearerPage = await phone.newPage()
    const wearerProblems = watchForErrors(wearerPage)
    await registerViaApi(wearerPage, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
    const sam = await addSupporter(wearerPage, 'Sam, my sponsor', newAccount({ firstName: 'Sam', lastName: 'Okafor' }))
    // The wearer's dashboard is open before anything is sent: the notes
    // arrive on it live (a note event), not at its next minute's refetch.
    await wearerPage.goto('/')
    await expect(wearerPage.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(wearerPage.getByRole('region', { name: 'From your people' })).toHaveCount(0)

    // The supporter, signed in as Sam in a desktop browser.
    const supporterPage = await desktop.newPage()
    const supporterProblems = watchForErrors(supporterPage)
    const login = await supporterPage.request.post('/api/auth/login', { data: { email: sam.account.email, password: sam.account.password } })
    expect(login.status(), await login.text()).toBe(200)
    await supporterPage.goto('/supporting')
    const person = supporterPage.getByRole('region', { name: 'Alex Rivera' })
    const composer = person.getByRole('group', { name: 'Send a kind word' })
    await expect(composer.getByText(/^Alex Rivera sees it on their dashboard./)).toBeVisible()
    await composer.getByRole('group', { name: 'Ready-made notes' }).getByRole('button', { name: 'Thinking of you today.' }).click()
    await expect(supporterPage.getByText('Sent. Alex Rivera will see it on their dashboard.').first()).toBeVisible()
    await composer.getByLabel('Or in your own words').fill('Proud of you for Tuesday.\n\n\n\nCoffee on Sunday?')
    await composer.getByRole('button', { name: 'Send note' }).click()
    await expect(composer.getByLabel('Or in your own words')).toHaveValue('')
    await composer.getByText('What you sent').click()
    await expect(composer.getByTestId('sent-note')).toHaveCount(2)
    await expect(composer.getByTestId('sent-note').first()).toContainText('Proud of you for Tuesday.')
    await saveFullPageScreenshot(supporterPage, 'notes-supporter-desktop')
    await expectAxeClean(supporterPage)

    // The wearer, on a phone, without reloading: both notes, newest first, by the name they gave Sam.
    const notes = wearerPage.getByRole('region', { name: 'From your people' })
    await expect(notes.getByTestId('note')).toHaveCount(2)
    await expect(notes.getByTestId('note').nth(0)).toContainText('Proud of you for Tuesday.')
    await expect(notes.getByTestId('note').nth(0)).toContainText('Coffee on Sunday?')
    await expect(notes.getByTestId('note').nth(1)).toContainText('Thinking of you today.')
    await expect(notes.getByText(/^Sam, my sponsor · /)).toHaveCount(2)
    await notes.getByRole('button', { name: 'Mark the note from Sam, my sponsor as read' }).first().click()
    await expect(notes.getByRole('button', { name: 'Mark the note from Sam, my sponsor as read' })).toHaveCount(1)
    await saveFullPageScreenshot(wearerPage, 'notes-dashboard-phone', { fullPage: false })
    await expectAxeClean(wearerPage)

    // Care circle: mute Sam; the dashboard no longer shows their notes.
    await wearerPage.goto('/care-circle')
    const supporter = wearerPage.getByRole('region', { name: 'Sam, my sponsor' })
    await supporter.getByRole('button', { name: 'Mute notes from Sam, my sponsor' }).click()
    await expect(supporter.getByTestId('notes-muted')).toHaveText('Notes from Sam, my sponsor are muted. They are not told.')
    await expect(supporter.getByRole('button', { name: 'Show notes from Sam, my sponsor again' })).toBeVisible()
    await saveFullPageScreenshot(wearerPage, 'notes-muted-phone')
    await wearerPage.goto('/')
    await expect(wearerPage.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(wearerPage.getByRole('region', { name: 'From your people' })).toHaveCount(0)

    // Sam is not told: sending still works and their list is whole.
    const again = await sam.request.post(`/api/supporting/${sam.personId}/notes`, { data: { body: 'Still here.' } })
    expect(again.status(), await again.text()).toBe(201)
    await supporterPage.reload()
    await composer.getByText('What you sent').click()
    await expect(composer.getByTestId('sent-note')).toHaveCount(3)
    await wearerPage.reload()
    await expect(wearerPage.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(wearerPage.getByRole('region', { name: 'From your people' })).toHaveCount(0)

    expect(wearerProblems).toEqual([])
    expect(supporterProblems).toEqual([])
    await sam.request.dispose()
  } finally {
    await phone.close()
    await desktop.close()
  }
})
