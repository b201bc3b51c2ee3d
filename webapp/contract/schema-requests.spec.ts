import { expect, test } from '@playwright/test'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import fc from 'fast-check'

import { invalidBody, valid } from './arbitraries'
import { type Document, type Endpoint, endpoints, escapePointer, needsSession, type Operation, resolve, responsePointer } from './openapi'
import { envURL, MQTT_AUTH_SECRET, PROXY_URL_ENV, UPSTREAM_URL_ENV } from './paths'
import { describeViolations, violationsOf } from './violations'

/*
 * Requests derived from the document's schemas (fast-check), sent to the
 * real server on a real database as a fresh account:
 *   - valid ones through Prism's validating proxy, which fails any request
 *     or response that breaks the document;
 *   - invalid ones (unknown fields, wrong types, missing fields, bodies that
 *     are not one JSON object) straight to the server, whose answer must be a
 *     documented 4xx with the documented body (checked with Ajv).
 * Any 5xx fails, and so does any change to another account's data: path
 * ids include the other account's, and its export must not change.
 * CONTRACT_RUNS sets the requests per operation and kind (make fuzz: more).
 */

const RUNS = Number(process.env.CONTRACT_RUNS ?? 12)
const SEED = process.env.CONTRACT_SEED ? Number(process.env.CONTRACT_SEED) : undefined

/** Operations that would end the fuzzing account's session or stream forever. */
const SKIPPED = new Set(['GET /api/logout', 'DELETE /api/account', 'GET /api/events'])

type Answer = { status: number; contentType: string; text: string; violations: string }
/** device is a paired phone's secret (DEVICE_ID.TOKEN), for the ingest routes. */
type Account = { cookie: string; ids: string[]; device?: string }

let doc: Document
let ajv: Ajv2020
let victim: Account
let fuzzer: Account
let victimBefore: unknown

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  const upstream = envURL(UPSTREAM_URL_ENV)
  doc = (await (await fetch(`${upstream}/api/openapi.json`)).json()) as Document
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema(doc, 'openapi')
  victim = await signUp(upstream, 'victim')
  await giveData(upstream, victim)
  fuzzer = await signUp(upstream, 'fuzzer')
  await giveData(upstream, fuzzer)
  victimBefore = await exportOf(upstream, victim)
})

test.afterAll(async () => {
  if (victimBefore === undefined) return
  expect(await exportOf(envURL(UPSTREAM_URL_ENV), victim), "another account's data changed").toEqual(victimBefore)
})

test('the document lists operations to generate requests for', () => {
  expect(endpoints(doc).length).toBeGreaterThan(50)
})

// One step per operation of the document as served, so a new route is
// fuzzed without editing this file.
test('every operation keeps the document for valid and invalid requests', async () => {
  test.setTimeout(Number(process.env.CONTRACT_TIMEOUT_MS ?? 600_000))
  for (const endpoint of endpoints(doc).filter((e) => !SKIPPED.has(`${e.method} ${e.path}`))) {
    await test.step(`${endpoint.method} ${endpoint.path}`, async () => {
      // Prism follows redirects itself: a browser navigation's 302 is checked here.
      const redirects = '302' in endpoint.op.responses
      await fc.assert(
        fc.asyncProperty(request(endpoint, 'valid'), async (req) => {
          const answer = await send(envURL(redirects ? UPSTREAM_URL_ENV : PROXY_URL_ENV), endpoint, req)
          check(endpoint, req, answer)
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
      await fc.assert(
        fc.asyncProperty(request(endpoint, 'invalid'), async (req) => {
          const answer = await send(envURL(UPSTREAM_URL_ENV), endpoint, req)
          check(endpoint, req, answer)
          if (req.brokenBody && (answer.status < 400 || answer.status >= 500)) {
            throw new Error(`a body with ${req.brokenBody} was answered ${answer.status}, not a 4xx: ${answer.text}`)
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
    })
  }
})

type Request = { path: string; query: string; body?: string; brokenBody?: string }

function request(endpoint: Endpoint, kind: 'valid' | 'invalid'): fc.Arbitrary<Request> {
  const params = (endpoint.op.parameters ?? []).map((p) => resolve(doc, p))
  const ids = fc.oneof(
    fc.constantFrom(...victim.ids, ...fuzzer.ids),
    fc.constantFrom('0', '-1', '99999999999999999999', 'abc', '%00', ' '),
    fc.string({ minLength: 1, maxLength: 20 }),
  ).filter((id) => id !== '.' && id !== '..') // a URL would resolve them to another path
  const path = params.some((p) => p.in === 'path')
    ? ids.map((id) => endpoint.path.replace('{id}', encodeURIComponent(id)))
    : fc.constant(endpoint.path)
  const queries = params
    .filter((p) => p.in === 'query')
    .map((p) =>
      fc.option(kind === 'valid' ? valid(doc, p.schema) : fc.oneof(valid(doc, p.schema), fc.string()), { nil: undefined }).map((v) =>
        v === undefined || v === null ? '' : `${encodeURIComponent(p.name)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean))}`,
      ),
    )
  const query = fc.tuple(...queries).map((parts) => parts.filter(Boolean).join('&'))
  const schema = endpoint.op.requestBody?.content['application/json']?.schema
  if (!schema) return fc.record({ path, query })
  if (kind === 'valid') {
    return fc.record({ path, query, body: valid(doc, schema).map((b) => JSON.stringify(b)) })
  }
  return fc.record({ path, query, broken: invalidBody(doc, schema) }).map(({ path, query, broken }) => ({
    path,
    query,
    body: broken.raw,
    brokenBody: broken.why,
  }))
}

async function send(base: string, endpoint: Endpoint, req: Request): Promise<Answer> {
  const headers: Record<string, string> = { Origin: base, 'Sec-Fetch-Site': 'same-origin' }
  if (req.body !== undefined) headers['Content-Type'] = 'application/json'
  if (needsSession(doc, endpoint.op)) headers.Cookie = fuzzer.cookie
  if (endpoint.path === '/internal/mqtt/auth') headers.Authorization = `Bearer ${MQTT_AUTH_SECRET}`
  const query = [req.query, deviceCredentials(endpoint.op, headers)].filter(Boolean).join('&')
  const url = `${base}${req.path}${query ? `?${query}` : ''}`
  const resp = await fetch(url, { method: endpoint.method, headers, body: req.body, redirect: 'manual' })
  const violations = describeViolations(violationsOf(resp.headers.get('sl-violations')))
  return { status: resp.status, contentType: resp.headers.get('content-type') ?? '', text: await resp.text(), violations }
}

/**
 * deviceCredentials presents the fuzzing account's phone the way the
 * operation's first device security scheme asks: a header it sets, or the
 * query parameter it returns.
 */
function deviceCredentials(op: Operation, headers: Record<string, string>): string {
  const secret = fuzzer.device
  if (!secret) return ''
  const schemes = (op.security ?? []).flatMap((r) => Object.keys(r))
  if (schemes.includes('deviceBasic')) {
    const [id, token] = secret.split('.')
    headers.Authorization = `Basic ${btoa(`${id}:${token}`)}`
  } else if (schemes.includes('deviceBearer')) {
    headers.Authorization = `Bearer ${secret}`
  } else if (schemes.includes('deviceIdQuery')) {
    return `id=${encodeURIComponent(secret)}`
  }
  return ''
}

const validators = new Map<string, ValidateFunction>()

/** check fails on a 5xx, Prism's verdict, an undocumented status, content type or body. */
function check(endpoint: Endpoint, req: Request, answer: Answer) {
  const what = `${endpoint.method} ${req.path}${req.query ? `?${req.query}` : ''} ${req.body ?? ''} → ${answer.status}`
  if (answer.violations) throw new Error(`Prism: the exchange breaks the document: ${what}\n${answer.violations}\n${answer.text}`)
  if (answer.contentType.startsWith('application/problem+json')) throw new Error(`Prism's own error: ${what}\n${answer.text}`)
  if (answer.status >= 500) throw new Error(`server error: ${what}\n${answer.text}`)
  if (answer.status === 401 && needsSession(doc, endpoint.op)) {
    throw new Error(`the fuzzing account was signed out: ${what}\n${answer.text}`)
  }
  const pointer = responsePointer(endpoint, String(answer.status))
  if (!pointer) throw new Error(`undocumented status: ${what}\n${answer.text}`)
  const content = resolve(doc, endpoint.op.responses[String(answer.status)]).content
  if (!content) {
    if (answer.text !== '') throw new Error(`a body where the document has none: ${what}\n${answer.text}`)
    return
  }
  const mediaType = answer.contentType.split(';')[0].trim()
  if (!(mediaType in content)) throw new Error(`undocumented content type ${answer.contentType}: ${what}`)
  if (mediaType !== 'application/json') return
  const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`
  let validate = validators.get(schemaPointer)
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${schemaPointer}` })
    validators.set(schemaPointer, validate)
  }
  if (!validate(JSON.parse(answer.text))) {
    throw new Error(`the body breaks the document: ${what}\n${answer.text}\n${ajv.errorsText(validate.errors)}`)
  }
}

let accounts = 0

async function signUp(base: string, name: string): Promise<Account> {
  const email = `${name}.${Date.now()}.${++accounts}@example.org`
  const resp = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: name, lastName: 'Contract', timezone: 'Europe/London' }),
  })
  expect(resp.status, await resp.clone().text()).toBe(201)
  const cookie = resp.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('lifeline_session='))
  if (!cookie) throw new Error('register set no session cookie')
  return { cookie, ids: [] }
}

/** giveData creates one of each kind of record and keeps their ids. */
async function giveData(base: string, account: Account) {
  const post = async (method: string, path: string, body: unknown) => {
    const resp = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: base, 'Sec-Fetch-Site': 'same-origin', Cookie: account.cookie },
      body: JSON.stringify(body),
    })
    const text = await resp.text()
    expect(resp.status, `${method} ${path}: ${text}`).toBeLessThan(300)
    const { id, kind, token } = JSON.parse(text) as { id?: number | string; kind?: string; token?: string }
    if (id !== undefined) account.ids.push(String(id))
    if (kind === 'phone' && token) account.device = `${id}.${token}`
  }
  await post('POST', '/api/safe-zones', { name: 'Home', type: 'safe', latitude: 51.5, longitude: -0.12, radius: 150 })
  await post('POST', '/api/crisis-contacts', { name: 'Sam', phone: '+44 20 7946 0000', relationship: 'Sponsor', isEmergency: true })
  await post('POST', '/api/symptoms', { physicalSymptom: 'Headache', physicalSeverity: 4, duration: '1-4 hours' })
  await post('POST', '/api/devices', { name: 'Blue bracelet' })
  await post('POST', '/api/devices', { name: 'Phone', kind: 'phone' })
  await post('POST', '/api/checkins', { mood: 6, cravingIntensity: 3, substanceUse: false })
  await post('PUT', '/api/safety-plan', { warningSigns: ['Not sleeping'] })
  await post('POST', '/api/gps/location', { latitude: 51.5, longitude: -0.12, accuracy: 10 })
}

async function exportOf(base: string, account: Account): Promise<unknown> {
  const resp = await fetch(`${base}/api/account/export`, { headers: { Cookie: account.cookie } })
  expect(resp.status).toBe(200)
  const body = (await resp.json()) as { exportedAt?: string; tables: Record<string, unknown> }
  delete body.exportedAt
  delete body.tables.sessions // the export itself marks the session seen
  return body
}
