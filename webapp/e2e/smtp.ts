import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { type APIRequestContext, expect } from '@playwright/test'

import { freePort } from './free-port'

/*
 * A real SMTP server for the suite: Debian's aiosmtpd (python3-aiosmtpd,
 * installed by scripts/ensure-deps.sh test), writing every message it
 * accepts into a maildir, as delivery/harness_test.go runs it. The specs
 * read the maildir named by SMTP_MAILDIR_ENV.
 */

export const SMTP_MAILDIR_ENV = 'LIFELINE_E2E_MAILDIR'

/** Debian's interpreter: the python3 first on PATH may not see Debian's modules. */
const DEBIAN_PYTHON = '/usr/bin/python3'

export type SmtpServer = { addr: string; maildir: string; stop: () => Promise<void> }

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export async function startSmtp(): Promise<SmtpServer> {
  if (!existsSync(DEBIAN_PYTHON)) throw new Error(`${DEBIAN_PYTHON} is missing: install python3-aiosmtpd`)
  const maildir = await mkdtemp(path.join(os.tmpdir(), 'lifeline-e2e-mail-'))
  // Maildir makes these only for a folder it creates itself.
  for (const sub of ['tmp', 'new', 'cur']) await mkdir(path.join(maildir, sub))
  const port = await freePort()
  const addr = `127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    DEBIAN_PYTHON,
    ['-m', 'aiosmtpd', '-n', '-l', addr, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    await rm(maildir, { recursive: true, force: true })
  }
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) break
    if (await canConnect(port)) return { addr, maildir, stop }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`aiosmtpd did not start listening on ${addr} (is python3-aiosmtpd installed?)\n${stderr}`)
}

/** One received message: its headers (lower-case names) and body. */
export type Mail = { headers: Record<string, string>; subject: string; to: string; body: string }

function parse(raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r\n/g, '\n')
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const text = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '') ? decodeQuotedPrintable(body) : body
  return { headers, subject: decodeWords(headers.subject ?? ''), to: headers.to ?? '', body: text }
}

/** A quoted-printable body (RFC 2045 §6.7), as the server's mail library writes it. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** RFC 2047 encoded words (`=?utf-8?q?…?=`), as the server writes a Subject. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([qQbB])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, text: string) => {
    if (encoding.toLowerCase() === 'b') return Buffer.from(text, 'base64').toString('utf8')
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  })
}

function maildir(): string {
  const dir = process.env[SMTP_MAILDIR_ENV]
  if (!dir) throw new Error(`${SMTP_MAILDIR_ENV} is not set: did global setup start the SMTP server?`)
  return dir
}

/** Every message the SMTP server has received so far. */
export async function readMail(): Promise<Mail[]> {
  const dir = path.join(maildir(), 'new')
  const files = await readdir(dir)
  return Promise.all(files.map(async (f) => parse(await readFile(path.join(dir, f), 'utf8'))))
}

/** The messages sent to one address. */
export async function mailTo(address: string): Promise<Mail[]> {
  return (await readMail()).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()))
}

/** Waits for a message to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeout: number): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).find((m) => subject.test(m.subject))
        return found !== undefined
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true)
  return found as Mail
}

/** The subject of an email address's confirmation message (lifeline.ConfirmationSubject). */
export const CONFIRMATION_SUBJECT = 'Confirm this address for Lifeline'

/** The links (path and fragment) of every confirmation message to `to` so far, in no particular order. */
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
