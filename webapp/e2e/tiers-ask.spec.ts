import type { APIRequestContext, Page } from '@playwright/test'

import { newAccount, registerViaApi, watchForErrors } from './accounts'
import { expectAxeClean } from './axe'
import { expect, saveFullPageScreenshot, test } from './fixtures'
import { confirmAddress, waitForMail } from './smtp'

/*
 * Issue 30's tiers and gentle ask, in the browser against the real binary
 * and a real SMTP server: the wearer orders two supporters into tiers on
 * Care circle at phone size, sends "I could use a call" from the
 * dashboard, the supporter asked gets a calm email and answers "I'll call"
 * on People I support, and the wearer's card says so without a reload.
 */

test.describe.configure({ timeout: 420_000 })

const PHONE = { width: 375, height: 812 }
/** A screen's lazy chunks arrive slowly on a machine busy with other suites. */
const FIRST_LOAD = { timeout: 30_000 }
const DESKTOP = { width: 1280, height: 800 }

/** Invites a supporter through the wearer's API and has them accept it; returns the link's id. */
async function link(wearer: APIRequestContext, supporter: APIRequestContext, label: string): Promise<number> {
  const invited = await wearer.post('/api/supporters', { data: { label } })
  expect(invited.status(), await invited.text()).toBe(201)
  const { supporter: row, token } = (await invited.json()) as { supporter: { id: number }; token: string }
  const accepted = await supporter.post('/api/care/accept', { data: { token } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return row.id
}

/** A signed-in browser page of a second person. */
async function personPage(page: Page, baseURL: string | undefined, firstName: string) {
  const context = await page.context().browser()!.newContext({ baseURL, viewport: PHONE })
  const other = await context.newPage()
  const account = await registerViaApi(other, newAccount({ firstName, lastName: 'Okafor' }))
  return { context, page: other, account }
}

test('the wearer orders supporters into tiers and asks for a call; the supporter answers and the wearer sees it', async ({
  page,
  baseURL,
  saveScreenshot,
}) => {
  const problems = watchForErrors(page)
  await page.setViewportSize(PHONE)
  await registerViaApi(page, newAccount({ firstName: 'Alex', lastName: 'Rivera' }))
  const sam = await personPage(page, baseURL, 'Sam')
  const jo = await personPage(page, baseURL, 'Jo')
  try {
    const channel = await sam.page.request.post('/api/channels', { data: { kind: 'email', address: sam.account.email } })
    expect(channel.status(), await channel.text()).toBe(201)
    await confirmAddress(sam.page.request, sam.account.email)
    await link(page.request, sam.page.request, 'Sam, my sponsor')
    await link(page.request, jo.page.request, 'Jo')

    // Care circle at phone size: Jo hears second.
    await page.goto('/care-circle')
    const joCard = page.getByRole('region', { name: 'Jo', exact: true })
    await expect(joCard.getByTestId('supporter-tier-badge')).toHaveText('Hears first', FIRST_LOAD)
    const tier = joCard.getByLabel('When Jo hears about an alert')
    await tier.focus()
    await tier.selectOption({ label: 'Hears second' })
    await expect(joCard.getByTestId('supporter-tier-badge')).toHaveText('Hears second')
    await page.reload()
    await expect(joCard.getByLabel('When Jo hears about an alert')).toHaveValue('2', FIRST_LOAD)
    await expect(page.getByRole('region', { name: 'Sam, my sponsor' }).getByTestId('supporter-tier-badge')).toHaveText('Hears first')
    await saveScreenshot('tiers-care-circle-phone')
    await expectAxeClean(page)
    await jo.page.goto('/supporting')
    await expect(jo.page.getByTestId('person-tier')).toHaveText('You hear second', FIRST_LOAD)

    // Settings, in plain words: when the next tier hears, and when whoever is on it is reminded.
    await page.goto('/settings')
    const told = page.getByRole('region', { name: 'When my people are told' })
    await expect(told.getByText("If nobody says they're on it within 10 minutes, tell the next people.")).toBeVisible(FIRST_LOAD)
    await told.getByLabel('Minutes before the next people are told (1–120)').fill('15')
    await expect(told.getByText("If nobody says they're on it within 15 minutes, tell the next people.")).toBeVisible()
    await told.getByRole('button', { name: 'Save' }).click()
    await expect(told.getByText('Saved.')).toBeVisible()
    await told.getByText('Remind whoever is on it after 30 minutes.').scrollIntoViewIfNeeded()
    await saveScreenshot('tiers-settings-phone', { fullPage: false })
    const saved = await page.request.get('/api/escalation')
    expect(((await saved.json()) as { tierWindowMinutes: number }).tierWindowMinutes).toBe(15)

    // The dashboard: "I could use a call" to Sam only, with a note.
    await page.goto('/')
    const card = page.getByRole('region', { name: 'Could use a call?' })
    await expect(card.getByRole('button', { name: 'I could use a call' })).toBeVisible(FIRST_LOAD)
    await card.getByRole('button', { name: 'I could use a call' }).click()
    const who = card.getByRole('group', { name: 'Who to ask' })
    await expect(who.getByLabel('Sam, my sponsor')).toBeChecked()
    await who.getByLabel('Jo').click()
    await expect(who.getByLabel('Jo')).not.toBeChecked()
    await card.getByLabel('A short note (optional)').fill('Rough evening, nothing urgent.')
    await saveScreenshot('ask-form-phone', { fullPage: false })
    await expectAxeClean(page)
    await card.getByRole('button', { name: 'Ask for a call' }).click()
    const asked = page.getByRole('region', { name: 'You asked for a call' })
    await expect(asked.getByText('Sam, my sponsor: waiting to hear back')).toBeVisible()

    // Sam is emailed, calmly; Jo, not asked, sees nothing.
    const mail = await waitForMail(sam.account.email, /Alex Rivera could use a call/, 60_000)
    expect(mail.body).toContain("It isn't an emergency.")
    expect(mail.body).not.toContain('Rough evening')
    await sam.page.goto('/supporting')
    const ask = sam.page.getByRole('region', { name: 'Alex Rivera could use a call' })
    await expect(ask.getByText('Rough evening, nothing urgent.')).toBeVisible(FIRST_LOAD)
    await saveFullPageScreenshot(sam.page, 'ask-supporting-phone', { fullPage: false })
    await expectAxeClean(sam.page)
    await ask.getByRole('button', { name: "I'll call" }).click()
    await expect(ask.getByText('You said you will call.')).toBeVisible()
    await jo.page.reload()
    await expect(jo.page.getByTestId('person-tier')).toBeVisible(FIRST_LOAD)
    await expect(jo.page.getByRole('region', { name: 'Alex Rivera could use a call' })).toHaveCount(0)

    // The wearer sees it live, then says thanks.
    await expect(asked.getByText('Sam, my sponsor will call you')).toBeVisible({ timeout: 20_000 })
    await page.setViewportSize(DESKTOP)
    await saveScreenshot('ask-answered-desktop', { fullPage: false })
    await expectAxeClean(page)
    await asked.getByRole('button', { name: "Thanks, I'm okay" }).click()
    await expect(page.getByRole('region', { name: 'Could use a call?' }).getByRole('button', { name: 'I could use a call' })).toBeVisible()
    await sam.page.reload()
    await expect(sam.page.getByTestId('person-tier')).toBeVisible(FIRST_LOAD)
    await expect(sam.page.getByRole('region', { name: 'Alex Rivera could use a call' })).toHaveCount(0)
    expect(problems).toEqual([])
  } finally {
    await sam.context.close()
    await jo.context.close()
  }
})
