import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/*
 * The API contract checked by tools nobody here wrote (make test-contract):
 * the real binary behind Stoplight Prism's validating proxy, the
 * schema-driven requests of contract/, and a representative part of the
 * browser suite with every request going through the proxy.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: [
    'contract/**/*.spec.ts',
    'e2e/auth.spec.ts',
    'e2e/checkin.spec.ts',
    'e2e/crisis.spec.ts',
    'e2e/coping-plan.spec.ts',
  ],
  outputDir: './test-results/contract',
  globalSetup: './contract/global-setup.ts',
  reporter: [['list']],
})
