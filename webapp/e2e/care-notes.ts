import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'

import { newAccount, type Account } from './accounts'
import { expect } from './fixtures'
import { BASE_URL_ENV } from './paths'

/** A supporter of the page's account, through the API: invited as label, signed up and accepted in a context of their own. */
export async function addSupporter(
  page: Page,
  label: string,
  account: Account = newAccount(),
): Promise<{ request: APIRequestContext; account: Account; personId: number; supporterId: number }> {
  const invited = await page.request.post('/api/supporters', { data: { label } })
  expect(invited.status(), await invited.text()).toBe(201)
  const { token, supporter } = (await invited.json()) as { token: string; supporter: { id: number } }
  const request = await playwrightRequest.newContext({ baseURL: process.env[BASE_URL_ENV] })
  const registered = await request.post('/api/auth/register', { data: { ...account, timezone: 'Europe/London' } })
  expect(registered.status(), await registered.text()).toBe(201)
  const accepted = await request.post('/api/care/accept', { data: { token } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return { request, account, personId: ((await accepted.json()) as { id: number }).id, supporterId: supporter.id }
}

/** A note from a new supporter of the page's account, so the dashboard shows "From your people". */
export async function withNoteFromSupporter(page: Page): Promise<void> {
  const { request, personId } = await addSupporter(page, 'Sam, my sponsor')
  const sent = await request.post(`/api/supporting/${personId}/notes`, { data: { preset: 'thinking_of_you' } })
  expect(sent.status(), await sent.text()).toBe(201)
  await request.dispose()
}

/** Makes the page's account the supporter of a new person, so People I support shows someone to write to. */
export async function supportSomeone(page: Page): Promise<void> {
  const people = (await (await page.request.get('/api/supporting')).json()) as unknown[]
  if (people.length > 0) return
  const request = await playwrightRequest.newContext({ baseURL: process.env[BASE_URL_ENV] })
  const registered = await request.post('/api/auth/register', { data: { ...newAccount({ firstName: 'Alex' }), timezone: 'Europe/London' } })
  expect(registered.status(), await registered.text()).toBe(201)
  const invited = await request.post('/api/supporters', { data: { label: 'A friend' } })
  expect(invited.status(), await invited.text()).toBe(201)
  const accepted = await page.request.post('/api/care/accept', { data: { token: ((await invited.json()) as { token: string }).token } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  await request.dispose()
}
