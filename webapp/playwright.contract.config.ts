import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/*
 * The API contract checked by tools nobody here wrote (make test-contract):
 * the real binary behind Stoplight Prism's validating proxy and the
 * schema-driven requests of contract/. (Running browser specs through the
 * proxy is not on yet: Prism answers signed-out and redirecting requests
 * itself; see contract/front.ts.)
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: ['contract/**/*.spec.ts'],
  outputDir: './test-results/contract',
  globalSetup: './contract/global-setup.ts',
  reporter: [['list']],
})
