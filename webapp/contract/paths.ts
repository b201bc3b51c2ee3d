/** Set by the contract suite's global setup for its tests. */
export const UPSTREAM_URL_ENV = 'LIFELINE_CONTRACT_UPSTREAM'
export const PROXY_URL_ENV = 'LIFELINE_CONTRACT_PROXY'
/** The --mqtt-auth-secret the server under test runs with. */
export const MQTT_AUTH_SECRET = 'contract-suite-broker-secret'

export function envURL(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the suite with playwright.contract.config.ts`)
  return value
}
