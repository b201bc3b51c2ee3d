import { defineConfig, mergeConfig } from 'vitest/config'

import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Route tests wait for screens (findBy waits up to 5 s, see setup-tests.ts);
      // leave room for several waits on a busy two-core machine.
      testTimeout: 15_000,
    },
  }),
)
