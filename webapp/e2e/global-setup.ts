import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { startLifeline } from './lifeline-server'
import { SMTP_API_ENV, startSmtp } from './smtp'
import { artifactsDir, BASE_URL_ENV, baseUrlFile, DATABASE_URL_ENV, MQTT_ADDR_ENV, mqttAddrFile, screenshotsDir, webappDir } from './paths'

/**
 * Starts the real Lifeline binary for the whole run and returns the global
 * teardown (SIGTERM, wait for exit, delete the data directory). With
 * LIFELINE_BASE_URL set, that server is used and nothing is started (give
 * its MQTT address as LIFELINE_MQTT_ADDR for the tests that act as a bracelet).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await rm(screenshotsDir, { recursive: true, force: true })
  await mkdir(screenshotsDir, { recursive: true })

  const given = process.env.LIFELINE_BASE_URL
  if (given) {
    await publish(new URL(given).origin, process.env.LIFELINE_MQTT_ADDR ?? null)
    return async () => {}
  }

  // A real SMTP server (cmd/lifeline-smtptest) receives the care circle's emails; the specs read them over HTTP.
  const smtp = await startSmtp()
  process.env[SMTP_API_ENV] = smtp.api
  const binary = path.resolve(webappDir, process.env.LIFELINE_BIN ?? '../bin/lifeline')
  const server = await startLifeline({
    binary,
    logDir: artifactsDir,
    // Escalation to supporters after 20 s instead of 10 minutes (care-circle.spec.ts waits it out).
    extraArgs: ['--smtp-server', smtp.addr, '--escalate-after', '20s'],
  }).catch(async (error: unknown) => {
    await smtp.stop()
    throw error
  })
  await publish(server.url, server.mqttAddr)
  if (server.databaseUrl) process.env[DATABASE_URL_ENV] = server.databaseUrl
  console.log(`[e2e] lifeline is running at ${server.url}, MQTT at ${server.mqttAddr ?? '?'} (logs in ${artifactsDir})`)

  return async () => {
    try {
      await server.stop()
    } finally {
      await smtp.stop()
    }
  }
}

/** Workers inherit the environment set here; the file is for people debugging a run. */
async function publish(url: string, mqttAddr: string | null) {
  process.env[BASE_URL_ENV] = url
  await writeFile(baseUrlFile, `${url}\n`)
  if (mqttAddr) {
    process.env[MQTT_ADDR_ENV] = mqttAddr
    await writeFile(mqttAddrFile, `${mqttAddr}\n`)
  } else {
    delete process.env[MQTT_ADDR_ENV]
  }
}
