import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * Stand-ins for outside services the server talks to, which the suite
 * cannot reach: a person's webhook and a browser vendor's push service.
 * The server runs with --private-webhooks (lifeline-server.ts), so a
 * receiver on 127.0.0.1 may stand in for either.
 */

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer }

/**
 * Stops a stand-in server now. server.close() alone waits for every
 * keep-alive connection to end, and the server's HTTP client keeps its
 * connections open for minutes: a test's finally block waited out its
 * whole timeout after every step had passed.
 */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** A real HTTP server on loopback that records every request and answers `answer.status` at that moment (201). */
export async function startReceiver(answer: { status?: number } = {}) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(answer.status ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, received, close: () => closeServer(server) }
}

/** The browser's side of RFC 8291, written here from the RFC: decrypts one aes128gcm record. */
export function decryptPush(body: Buffer, uaPrivate: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16)
  const idlen = body[20]
  const asPublic = body.subarray(21, 21 + idlen)
  const ciphertext = body.subarray(21 + idlen)
  const secret = uaPrivate.computeSecret(asPublic)
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), asPublic])
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, info, 32))
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error(`the last record delimiter is ${plain[end]}, want 2`)
  return plain.subarray(0, end).toString('utf8')
}

/** A browser's push subscription keys, made by the test so it can decrypt what the server sends. */
export function newPushKeys() {
  const ua = crypto.createECDH('prime256v1')
  ua.generateKeys()
  const auth = crypto.randomBytes(16)
  return { ua, auth, p256dh: ua.getPublicKey().toString('base64url'), authBase64: auth.toString('base64url') }
}
