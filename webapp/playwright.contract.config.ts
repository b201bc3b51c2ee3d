import path from 'node:path'

import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/*
 * The API contract checked by tools nobody here wrote (make test-contract):
 * the real binary behind Stoplight Prism's validating proxy, the
 * schema-driven requests of contract/, and a representative part of the
 * browser suite (signing in and out, check-ins, location and zones,
 * settings, crisis contacts) with its API calls going through the proxy
 * (contract/front.ts). About a minute and a half of browser tests: the
 * whole suite runs in make test-e2e.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  // Absolute: a relative glob matches anywhere in the path, checkout folders too.
  testMatch: [
    'contract/*.spec.ts',
    'e2e/auth.spec.ts',
    'e2e/checkin.spec.ts',
    'e2e/gps.spec.ts',
    'e2e/settings.spec.ts',
    'e2e/crisis.spec.ts',
  ].map((glob) => path.join(import.meta.dirname, glob)),
  // The Unauthorized toast is up only the 500 ms before the browser leaves
  // for sign-in: too short a look for a proxied run; make test-e2e checks it.
  grepInvert: /shows the toast|is protected too/,
  // Each API call takes two more hops and Prism's validation.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  outputDir: './test-results/contract',
  globalSetup: './contract/global-setup.ts',
  reporter: [['list']],
})
