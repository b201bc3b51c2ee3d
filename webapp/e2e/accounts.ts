import { randomUUID } from 'node:crypto'

import { expect, type Page } from '@playwright/test'

/*
 * Every test makes its own account, so tests never share state. The whole
 * suite registers from 127.0.0.1 against one server, so global setup starts
 * it with `--signup-limit 10000` (the default is 20 per address per 15
 * minutes); a server given through LIFELINE_BASE_URL needs the same.
 */

export type Account = {
  email: string
  password: string
  firstName: string
  lastName: string
}

export function newAccount(overrides: Partial<Account> = {}): Account {
  const id = randomUUID().slice(0, 8)
  return {
    email: `e2e-${id}@example.com`,
    password: `calm river ${id}`,
    firstName: 'Rosa',
    lastName: 'Martinez',
    ...overrides,
  }
}

/** Registers through the API with the page's cookies, so the page is signed in afterwards. */
export async function registerViaApi(page: Page, account: Account = newAccount()): Promise<Account> {
  const response = await page.request.post('/api/auth/register', {
    data: { ...account, timezone: 'Europe/London' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return account
}

/** Turns on Settings' Advanced switch through the API: the developer tools (tester view, simulator command) show. */
export async function turnOnAdvanced(page: Page): Promise<void> {
  const response = await page.request.patch('/api/auth/user', { data: { advanced: true } })
  expect(response.status(), await response.text()).toBe(200)
}

/** Fills and submits the sign-in form on the current page. */
export async function signInWithForm(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Collects uncaught page errors and console errors other than failed requests (a 401 while signed out is expected). */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (message.text().startsWith('Failed to load resource')) return
    problems.push(`console: ${message.text()}`)
  })
  return problems
}
