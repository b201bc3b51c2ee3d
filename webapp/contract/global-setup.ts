import { mkdir } from 'node:fs/promises'
import path from 'node:path'

import { startLifeline } from '../e2e/lifeline-server'
import { artifactsDir, BASE_URL_ENV, MQTT_ADDR_ENV, webappDir } from '../e2e/paths'
import { MQTT_AUTH_SECRET, PROXY_URL_ENV, UPSTREAM_URL_ENV } from './paths'
import { type Front, startFront } from './front'
import { type Prism, startPrism } from './prism'

/**
 * The real binary on a fresh database, with Prism's validating proxy in
 * front. The browser tests this suite borrows from e2e/ make their API calls
 * through the proxy (contract/front.ts), and the run fails at teardown when
 * any of them broke the document; the schema-driven requests send valid
 * requests through it and invalid ones straight to the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await mkdir(artifactsDir, { recursive: true })
  const binary = path.resolve(webappDir, process.env.LIFELINE_BIN ?? '../bin/lifeline')
  const server = await startLifeline({ binary, logDir: artifactsDir, extraArgs: ['--mqtt-auth-secret', MQTT_AUTH_SECRET] })
  let prism: Prism | undefined
  let front: Front
  try {
    prism = await startPrism(server.url, artifactsDir)
    front = await startFront(prism.url, server.url)
  } catch (error) {
    await prism?.stop()
    await server.stop()
    throw error
  }
  process.env[UPSTREAM_URL_ENV] = server.url
  process.env[PROXY_URL_ENV] = prism.url
  process.env[BASE_URL_ENV] = front.url
  if (server.mqttAddr) process.env[MQTT_ADDR_ENV] = server.mqttAddr // e2e/gps.spec.ts publishes as a bracelet
  console.log(`[contract] lifeline at ${server.url}, Prism's validating proxy at ${prism.url}, browser tests at ${front.url}`)
  return async () => {
    await front.stop()
    await prism.stop()
    await server.stop()
    if (front.findings.length) {
      throw new Error(`the browser tests' API calls broke the document (see prism.log):\n${front.findings.join('\n')}`)
    }
  }
}
