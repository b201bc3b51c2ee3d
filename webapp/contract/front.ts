import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { type Document, endpoints } from './openapi'
import { describeViolations, violationsOf } from './violations'

export type Front = {
  url: string
  /** Every exchange that broke the document, one line each. */
  findings: string[]
  stop: () => Promise<void>
}

type Redirecting = { method: string; pattern: RegExp; statuses: string[] }

/**
 * The origin the borrowed browser tests open. Their API calls go through
 * Prism's validating proxy, which runs without --errors: it forwards every
 * exchange as it is and lists what breaks the document in its sl-violations
 * header, which the front records (global teardown fails the run on any).
 * Around Prism, straight to the server:
 *   - the web app's pages and assets, which the document does not describe,
 *     and the live event stream, which a buffering proxy cannot pass;
 *   - the operations that answer a browser navigation with a redirect, which
 *     Prism's own fetch would follow (the browser must see the 302 itself);
 *     the front checks their status against the document.
 */
export async function startFront(prism: string, upstream: string): Promise<Front> {
  const doc = (await (await fetch(`${upstream}/api/openapi.json`)).json()) as Document
  const redirecting = redirectingOperations(doc)
  const findings: string[] = []

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    const { pathname } = new URL(path, upstream)
    const redirect = redirecting.find((r) => r.method === req.method && r.pattern.test(pathname))
    const viaPrism = pathname.startsWith('/api/') && pathname !== '/api/events' && !redirect
    const forward = request(new URL(path, viaPrism ? prism : upstream), { method: req.method, headers: req.headers }, (answer) => {
      const status = answer.statusCode ?? 502
      const problem = viaPrism ? describeViolations(violationsOf(one(answer.headers['sl-violations']))) : redirect ? undocumented(redirect, status, answer.headers) : ''
      if (problem) {
        findings.push(`${req.method} ${path} → ${status}: ${problem}`)
        console.error(`[contract] ${req.method} ${path} → ${status} breaks the document: ${problem}`)
      }
      res.writeHead(status, viaPrism ? unjoinSetCookie(answer.headers) : answer.headers)
      answer.pipe(res)
    })
    forward.on('error', (error) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' })
      res.end(`contract front: ${error.message}`)
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    findings,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function redirectingOperations(doc: Document): Redirecting[] {
  return endpoints(doc)
    .filter((e) => '302' in e.op.responses)
    .map((e) => ({
      method: e.method,
      pattern: new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      statuses: Object.keys(e.op.responses),
    }))
}

function undocumented(op: Redirecting, status: number, headers: IncomingHttpHeaders): string {
  if (!op.statuses.includes(String(status))) return `status ${status} is not documented (${op.statuses.join(', ')})`
  if (status === 302 && !headers.location) return 'a redirect without a Location'
  return ''
}

function one(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? value.join(',') : (value ?? null)
}

/**
 * Prism joins a response's Set-Cookie lines with commas, which a browser
 * reads as one cookie; a comma followed by NAME= starts the next one (the
 * comma of an Expires date is followed by a day's number).
 */
function unjoinSetCookie(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const joined = headers['set-cookie']
  if (!joined) return headers
  return { ...headers, 'set-cookie': joined.flatMap((line) => line.split(/,(?=\s*[^=;,\s]+=)/).map((c) => c.trim())) }
}
