import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'

import { type APIRequestContext, expect } from '@playwright/test'

import { webappDir } from './paths'

/*
 * A real SMTP server for the suite: the Go tests' own (internal/smtptest),
 * run as the process cmd/lifeline-smtptest. It receives the binary's mail
 * on one port and serves what it received as JSON on another; the specs
 * read that through SMTP_API_ENV with the functions below.
 */

export const SMTP_API_ENV = 'LIFELINE_E2E_SMTP_API'

const READY_SMTP = /^SMTP listening at (\S+)$/
const READY_HTTP = /^HTTP listening at (http:\/\/\S+)$/
const START_TIMEOUT_MS = 30_000

export type SmtpServer = { addr: string; api: string; stop: () => Promise<void> }

/**
 * The server's binary: LIFELINE_SMTPTEST_BIN (make test-e2e builds it), or
 * bin/lifeline-smtptest built now (go build is quick once cached).
 */
async function binary(): Promise<string> {
  const given = process.env.LIFELINE_SMTPTEST_BIN
  if (given) {
    if (!existsSync(given)) throw new Error(`LIFELINE_SMTPTEST_BIN names ${given}, which does not exist`)
    return given
  }
  const root = path.resolve(webappDir, '..')
  const built = path.join(root, 'bin', 'lifeline-smtptest')
  await promisify(execFile)('go', ['build', '-o', built, './cmd/lifeline-smtptest'], { cwd: root })
  return built
}

/** Starts the server on free loopback ports; resolves once it has printed both. */
export async function startSmtp(): Promise<SmtpServer> {
  const child = spawn(await binary(), [], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }

  let addr = ''
  let api = ''
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      addr = READY_SMTP.exec(line)?.[1] ?? addr
      api = READY_HTTP.exec(line)?.[1] ?? api
      if (addr && api) resolve()
    })
    void exited.then(() => reject(new Error(`lifeline-smtptest exited before it was ready\n${stderr}`)))
    setTimeout(() => reject(new Error(`lifeline-smtptest was not ready in ${START_TIMEOUT_MS} ms\n${stderr}`)), START_TIMEOUT_MS).unref()
  })
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  return { addr, api, stop }
}

/** One received message: its headers (lower-case names), decoded subject and text. */
export type Mail = { headers: Record<string, string>; subject: string; to: string; body: string }

/** A message as the server serves it (internal/smtptest's Message). */
type Received = { header: Record<string, string[]>; subject: string; body: string }

function api(): string {
  const url = process.env[SMTP_API_ENV]
  if (!url) throw new Error(`${SMTP_API_ENV} is not set: did global setup start the SMTP server?`)
  return url
}

/** Every message so far, oldest first; with count, once there are that many or timeout ms have passed. */
async function received(count?: number, timeout?: number): Promise<Mail[]> {
  const url = new URL('/messages', api())
  if (count !== undefined && timeout !== undefined) {
    url.searchParams.set('count', String(count))
    url.searchParams.set('timeout', `${Math.max(1, Math.ceil(timeout))}ms`)
  }
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as Received[]).map((m) => {
    const headers = Object.fromEntries(Object.entries(m.header).map(([name, values]) => [name.toLowerCase(), values.join(', ')]))
    return { headers, subject: m.subject, to: headers.to ?? '', body: m.body }
  })
}

/** Every message the SMTP server has received so far, oldest first. */
export async function readMail(): Promise<Mail[]> {
  return received()
}

function sentTo(address: string) {
  return (m: Mail) => m.to.toLowerCase().includes(address.toLowerCase())
}

/** The messages sent to one address. */
export async function mailTo(address: string): Promise<Mail[]> {
  return (await readMail()).filter(sentTo(address))
}

/** Waits for a message to `to` whose subject matches, and returns it: each new message is looked at as it arrives. */
export async function waitForMail(to: string, subject: RegExp, timeout: number): Promise<Mail> {
  const deadline = Date.now() + timeout
  const match = (m: Mail) => sentTo(to)(m) && subject.test(m.subject)
  let mails = await received()
  for (;;) {
    const found = mails.find(match)
    if (found) return found
    const left = deadline - Date.now()
    if (left <= 0) break
    mails = await received(mails.length + 1, left)
  }
  const theirs = mails.filter(sentTo(to)).map((m) => `  ${JSON.stringify(m.subject)}`)
  throw new Error(`no message to ${to} with a subject matching ${subject} in ${timeout} ms; ${to} has:\n${theirs.join('\n') || '  nothing'}`)
}

/** The subject of an email address's confirmation message (lifeline.ConfirmationSubject). */
export const CONFIRMATION_SUBJECT = 'Confirm this address for Lifeline'

/** The links (path and fragment) of every confirmation message to `to` so far, oldest first. */
export async function confirmationLinks(to: string, timeout = 30_000): Promise<string[]> {
  await waitForMail(to, new RegExp(CONFIRMATION_SUBJECT), timeout)
  return (await mailTo(to))
    .filter((m) => m.subject === CONFIRMATION_SUBJECT)
    .map((m) => {
      const link = /https?:\/\/\S+\/confirm-channel#token=[A-Za-z0-9_-]+/.exec(m.body)?.[0]
      if (!link) throw new Error(`no confirmation link in:\n${m.body}`)
      const url = new URL(link)
      return url.pathname + url.hash
    })
}

/** Confirms `to` as its owner would, with the token from its one confirmation email. */
export async function confirmAddress(request: APIRequestContext, to: string): Promise<void> {
  const [link] = await confirmationLinks(to)
  const response = await request.post('/api/channels/confirm', { data: { token: link.split('#token=')[1] } })
  expect(response.status(), await response.text()).toBe(200)
}
