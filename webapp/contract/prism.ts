import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import path from 'node:path'

import { freePort } from '../e2e/free-port'
import { webappDir } from '../e2e/paths'

const START_TIMEOUT_MS = 60_000

export type Prism = { url: string; stop: () => Promise<void> }

/**
 * Starts Stoplight Prism as a validating proxy in front of upstream, reading
 * the document the server itself serves. Without --errors it forwards every
 * request and passes the server's answer on unchanged but for one header,
 * sl-violations, which lists what in the exchange breaks the document
 * (contract/violations.ts reads it): with --errors it would answer requests
 * it judges unauthorised itself, and the server would never see them. No
 * CORS headers: the browser tests are same-origin.
 */
export async function startPrism(upstream: string, logDir: string): Promise<Prism> {
  const port = await freePort()
  const bin = path.join(webappDir, 'node_modules', '.bin', 'prism')
  const child = spawn(
    bin,
    ['proxy', `${upstream}/api/openapi.json`, upstream, '--errors=false', '--cors=false', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const log = createWriteStream(path.join(logDir, 'prism.log'))
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}; see ${logDir}/prism.log`)
    try {
      const resp = await fetch(`${url}/healthz`)
      if (resp.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`prism did not answer within ${START_TIMEOUT_MS / 1000} s; see ${logDir}/prism.log`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      log.end()
    },
  }
}

