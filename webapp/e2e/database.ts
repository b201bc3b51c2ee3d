import { spawnSync } from 'node:child_process'

import { DATABASE_URL_ENV } from './paths'

/**
 * Runs SQL on the binary's private PostgreSQL with psql, for a spec that
 * needs days of history the API cannot make without a clock of its own
 * (a check-in is always today's). Values go in as psql variables
 * (`:'name'`), never spliced. Throws without a database (a server started
 * elsewhere, LIFELINE_BASE_URL): such a spec should skip.
 */
export function sql(query: string, vars: Record<string, string> = {}): string {
  const url = process.env[DATABASE_URL_ENV]
  if (!url) throw new Error(`no ${DATABASE_URL_ENV}: the suite did not start the binary's own database`)
  const args = [url, '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-At']
  for (const [name, value] of Object.entries(vars)) args.push('-v', `${name}=${value}`)
  const run = spawnSync('psql', args, { input: query, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`psql failed (${run.status}): ${run.stderr}`)
  return run.stdout.trim()
}

/** True when the suite started the binary's own database (sql works). */
export function hasDatabase(): boolean {
  return Boolean(process.env[DATABASE_URL_ENV])
}
