import { expect, test } from '@playwright/test'

import { BASE_URL_ENV } from '../e2e/paths'
import { envURL } from './paths'
import { violationsOf } from './violations'

/*
 * What the browser tests need from the front (contract/front.ts) to see
 * the server's own answers through Prism's proxy; each case is a way the
 * proxied run once went wrong.
 */

const password = 'correct horse battery staple'

async function register(front: string): Promise<string> {
  const email = `front.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`
  const resp = await fetch(`${front}/api/auth/register`, {
    method: 'POST',
    // No Origin and no Sec-Fetch-Site: a client that is no browser, as
    // Playwright's page.request is. The server lets it through; Prism's
    // security verdict on it is left to the server.
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: 'Front', lastName: 'Contract', timezone: 'Europe/London' }),
  })
  expect(resp.status, await resp.clone().text()).toBe(201)
  expect(violationsOf(resp.headers.get('sl-violations'))).toEqual([])
  return email
}

test('a request without Sec-Fetch-Site reaches the server', async () => {
  await register(envURL(BASE_URL_ENV))
})

test('a signed-out API call is answered by the server, not by Prism', async () => {
  const resp = await fetch(`${envURL(BASE_URL_ENV)}/api/auth/user`)
  expect(resp.status).toBe(401)
  expect(resp.headers.get('content-type')).toMatch(/^application\/json/)
  expect(await resp.json()).toMatchObject({ error: 'unauthorized' })
})

test('signing in sets each of its cookies, not one joined line', async () => {
  const front = envURL(BASE_URL_ENV)
  const email = await register(front)
  const resp = await fetch(`${front}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: front, 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  })
  expect(resp.status).toBe(200)
  const names = resp.headers.getSetCookie().map((c) => c.split('=')[0])
  expect(names.sort()).toEqual(['lifeline_device', 'lifeline_session'])
})

test('signing out answers the browser with the redirect itself', async () => {
  const resp = await fetch(`${envURL(BASE_URL_ENV)}/api/logout`, { headers: { 'Sec-Fetch-Site': 'none' }, redirect: 'manual' })
  expect(resp.status).toBe(302)
  expect(resp.headers.get('location')).toBeTruthy()
})
