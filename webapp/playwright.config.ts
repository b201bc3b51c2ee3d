import { defineConfig, devices } from '@playwright/test'

// Lets context.route() see the service worker's own requests (e2e/pwa.spec.ts
// cuts them off: context.setOffline() does not reach a service worker).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

/*
 * Browser tests against the real Lifeline binary (see e2e/global-setup.ts),
 * or against LIFELINE_BASE_URL when that is set. Debian's Chromium is used
 * as is: nothing is downloaded.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // One worker by default; every test stands alone (its own accounts on the one
  // server, mail read only to its own addresses, a spec that needs other server
  // flags starts its own server), so `--workers 2` (make test-e2e E2E_WORKERS=2)
  // runs them two at a time, file or not. docs/development.md has the measurements.
  workers: 1,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Ceilings, not windows: every step waits on an event, and these only bound
  // how long it may take. On a busy machine a whole test (the tester view's
  // three packets, a rename and a reload) took 28-31 s at load 3-5 and a
  // protected page 10 s to draw at load 20-30; a quick machine never nears them.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    trace: 'retain-on-failure',
    // The service worker answers some requests itself, out of page.route()'s
    // reach; only e2e/pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
})
