// Accounts the page benchmarks sign in as (lighthouse-report.mjs,
// screen-interactive.mjs): made through the API of a running server
// (LIFELINE_URL, default http://127.0.0.1:8080, started with --signup-limit
// above the sign-ups they make).
import { randomUUID } from 'node:crypto'

export const base = process.env.LIFELINE_URL ?? 'http://127.0.0.1:8080'

/** A new account's session cookie. */
export async function register(firstName, lastName) {
  const id = randomUUID().slice(0, 8)
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: `lh-${id}@example.com`, password: `calm river ${id}`, firstName, lastName, timezone: 'UTC' }),
  })
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
}

/** A signed-in request that must succeed; its JSON answer, if any. */
export async function call(cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.status === 204 ? null : res.json()
}

export const caseloadPeople = Number(process.env.CASELOAD_PEOPLE ?? 200)

/**
 * A supporter of caseloadPeople people, each sharing check-ins and every alert:
 * a third checked in today, one in twenty asked for help (an open SOS).
 */
export async function supporterOfMany() {
  const supporter = await register('Sam', 'Okafor')
  const one = async (i) => {
    const wearer = await register('Person', `No. ${i + 1}`)
    const { token, supporter: link } = await call(wearer, 'POST', '/api/supporters', { label: 'Sam', email: '' })
    await call(supporter, 'POST', '/api/care/accept', { token })
    await call(wearer, 'PUT', `/api/supporters/${link.id}/grant`, {
      checkIns: true,
      checkInDetails: false,
      alerts: ['avoid_zone', 'missed_checkin', 'device', 'sos'],
      location: 'never',
      locationWindowMinutes: 60,
    })
    if (i % 3 === 0) await call(wearer, 'POST', '/api/checkins', { mood: 6, cravingIntensity: 3, substanceUse: false, triggers: [], copingStrategies: [] })
    if (i % 20 === 0) await call(wearer, 'POST', '/api/sos')
  }
  for (let i = 0; i < caseloadPeople; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, caseloadPeople - i) }, (_, j) => one(i + j)))
  }
  return supporter
}
