import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The origin the borrowed browser tests open: API calls go through Prism
 * (which validates them against the document), the web app's pages and
 * assets, which the document does not describe, and the live event stream,
 * which a buffering proxy cannot pass, go straight to the server.
 */
export async function startFront(prism: string, upstream: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    const viaPrism = path.startsWith('/api/') && !path.startsWith('/api/events')
    const target = new URL(path, viaPrism ? prism : upstream)
    const forward = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
