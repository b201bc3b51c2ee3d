import path from 'node:path'

export const webappDir = path.resolve(import.meta.dirname, '..')
export const artifactsDir = path.join(webappDir, 'e2e', '.artifacts')
export const screenshotsDir = path.join(artifactsDir, 'screenshots')
/** Written by global setup; read by the baseURL fixture (and handy when debugging). */
export const baseUrlFile = path.join(artifactsDir, 'base-url.txt')
export const BASE_URL_ENV = 'LIFELINE_E2E_BASE_URL'
/** The binary's MQTT address (HOST:PORT), for tests that publish as a bracelet. */
export const mqttAddrFile = path.join(artifactsDir, 'mqtt-addr.txt')
export const MQTT_ADDR_ENV = 'LIFELINE_E2E_MQTT_ADDR'
/** The binary's private PostgreSQL (a postgres:// URL), for specs that seed days of history (e2e/database.ts). */
export const DATABASE_URL_ENV = 'LIFELINE_E2E_DATABASE_URL'
