import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'

const READY_LINE = /Lifeline is running at (https?:\/\/[^\s"'<>]+)/
const MQTT_LINE = /Bracelets connect over MQTT to ([^\s"'<>()]+:\d+)/
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 30_000
const MQTT_LINE_TIMEOUT_MS = 5_000

export type LifelineServer = {
  url: string
  /** The MQTT listener (HOST:PORT) the binary printed, for tests that act as a bracelet. */
  mqttAddr: string | null
  /** The binary's private PostgreSQL over loopback, for specs that seed days of history (e2e/database.ts). */
  databaseUrl: string | null
  stop: () => Promise<void>
}

export type StartOptions = {
  binary: string
  logDir: string
  /** More flags for `lifeline serve`. */
  extraArgs?: string[]
}

/**
 * Starts the real binary on free ports with a fresh data directory (it
 * creates its own private PostgreSQL there) and resolves once it prints
 * "Lifeline is running at URL". stdout and stderr are logged under logDir.
 */
export async function startLifeline({ binary, logDir, extraArgs = [] }: StartOptions): Promise<LifelineServer> {
  if (!existsSync(binary)) {
    throw new Error(
      `Lifeline binary not found at ${binary}. Build it with "go build -o bin/lifeline ./cmd/lifeline" ` +
        'in the repository root, point LIFELINE_BIN at it, or set LIFELINE_BASE_URL to test a running server.',
    )
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lifeline-e2e-'))
  // mkdtemp makes a 0700 directory; when run as root the binary runs
  // PostgreSQL as the postgres user, which must be able to reach inside.
  await chmod(dataDir, 0o755)

  const env = { ...process.env }
  // The suite wants the binary's own throwaway database, never a shared one.
  delete env.DATABASE_URL

  const args = [
    'serve',
    '--http-addr', '127.0.0.1:0',
    '--mqtt-addr', '127.0.0.1:0',
    '--mqtt-ws-addr', '127.0.0.1:0',
    '--data-dir', dataDir,
    // Every test registers its own account, all from 127.0.0.1: lift the
    // per-address sign-up limit (20 per 15 minutes by default) for the suite.
    '--signup-limit', '10000',
    // No base map: the suite fetches nothing from outside (an empty value means none).
    '--map-tile-url', '',
    '--private-webhooks=true',
    ...extraArgs,
  ]
  const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })

  const stdoutLog = createWriteStream(path.join(logDir, 'lifeline-stdout.log'))
  const stderrLog = createWriteStream(path.join(logDir, 'lifeline-stderr.log'))
  child.stdout.pipe(stdoutLog)
  child.stderr.pipe(stderrLog)

  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)))
  })

  // The last lines of output, shown when the binary fails to start (CI logs
  // show nothing else).
  const recent: string[] = []
  const remember = (line: string) => {
    recent.push(line)
    if (recent.length > 30) recent.shift()
  }

  // The MQTT line comes right after the ready line: wait for it too, briefly.
  let seeMqtt: (addr: string) => void = () => {}
  const mqttSeen = new Promise<string>((resolve) => (seeMqtt = resolve))
  const onLine = (line: string) => {
    remember(line)
    const match = MQTT_LINE.exec(line)
    if (match) seeMqtt(toLoopbackHostPort(match[1].replace(/[.,;)\]]+$/, '')))
  }

  let url: string
  try {
    url = await waitForReadyLine(child, exited, onLine)
  } catch (error) {
    await stopChild(child, exited)
    await rm(dataDir, { recursive: true, force: true })
    throw new Error(
      `${(error as Error).message}\n--- last output of lifeline ---\n${recent.join('\n')}\n---\n` +
        `Full logs: ${path.join(logDir, 'lifeline-stderr.log')} and lifeline-stdout.log.`,
      { cause: error },
    )
  }

  const mqttAddr = await Promise.race([
    mqttSeen,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), MQTT_LINE_TIMEOUT_MS)),
  ])

  return {
    url,
    mqttAddr,
    databaseUrl: await privateDatabaseUrl(dataDir),
    stop: async () => {
      await stopChild(child, exited)
      stdoutLog.end()
      stderrLog.end()
      const leftover = leftoverPostgres(dataDir)
      if (leftover) {
        // Keep the directory for inspection and fail loudly: the binary
        // must stop its private database when it exits.
        throw new Error(
          `lifeline exited but left PostgreSQL running (pid ${leftover.pid}, ${leftover.pidFile}); data dir kept at ${dataDir}.`,
        )
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

function waitForReadyLine(
  child: ChildProcess,
  exited: Promise<number | null>,
  onAnyLine: (line: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`lifeline did not print "Lifeline is running at ..." within ${START_TIMEOUT_MS / 1000} s`))
    }, START_TIMEOUT_MS)

    const onLine = (line: string) => {
      onAnyLine(line)
      const match = READY_LINE.exec(line)
      if (!match) return
      clearTimeout(timer)
      resolve(toLoopback(match[1].replace(/[.,;)\]]+$/, '')))
    }
    // The ready line is on stdout; scanning stderr too tolerates a logger
    // that writes everything there.
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', onLine)
    }

    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`lifeline exited (code ${code}) before it was ready`))
    })
  })
}

/** A server bound to all interfaces prints 0.0.0.0 or [::]; the browser needs loopback. */
function toLoopback(raw: string): string {
  const url = new URL(raw)
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]' || url.hostname === '') {
    url.hostname = '127.0.0.1'
  }
  return url.origin
}

/** `[::]:1883` or `0.0.0.0:1883` → `127.0.0.1:1883`. */
function toLoopbackHostPort(raw: string): string {
  const at = raw.lastIndexOf(':')
  const host = raw.slice(0, at)
  const port = raw.slice(at + 1)
  const loopback = host === '0.0.0.0' || host === '[::]' || host === '::' || host === '' ? '127.0.0.1' : host
  return `${loopback}:${port}`
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS))
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL')
    await exited
    throw new Error(`lifeline did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killed it`)
  }
}

function leftoverPostgres(dataDir: string): { pid: number; pidFile: string } | null {
  for (const pidFile of [path.join(dataDir, 'pg', 'data', 'postmaster.pid'), path.join(dataDir, 'pg', 'postmaster.pid')]) {
    if (!existsSync(pidFile)) continue
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
    if (!Number.isFinite(pid)) continue
    try {
      process.kill(pid, 0)
      return { pid, pidFile }
    } catch {
      // Stale pid file: the process is gone.
    }
  }
  return null
}

/**
 * The private cluster's loopback URL: its port from postmaster.pid (line 4)
 * and the password it keeps beside it (store/cluster.go), null when absent.
 */
async function privateDatabaseUrl(dataDir: string): Promise<string | null> {
  try {
    const pid = await readFile(path.join(dataDir, 'pg', 'data', 'postmaster.pid'), 'utf8')
    const password = (await readFile(path.join(dataDir, 'pg', 'password'), 'utf8')).trim()
    const port = pid.split('\n')[3]?.trim()
    return port ? `postgres://lifeline:${encodeURIComponent(password)}@127.0.0.1:${port}/lifeline` : null
  } catch {
    return null
  }
}
