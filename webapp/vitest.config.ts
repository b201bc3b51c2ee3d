import { availableParallelism } from 'node:os'

import { defineConfig, mergeConfig } from 'vitest/config'

import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // lint/: the lint rules' own tests, on fixtures (node environment, per file).
      include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.ts'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Route tests wait for screens (findBy waits up to 5 s, see setup-tests.ts);
      // leave room for several waits on a busy two-core machine.
      testTimeout: 15_000,
      // beforeAll(preloadFormScreens) transforms every lazy screen once per
      // file: at load 17 to 30 that ran past vitest's 10 s default and failed
      // the file's tests. A ceiling for one load, not a window a test watches.
      hookTimeout: 60_000,
      // One jsdom per worker instead of one per file, and a worker per core
      // (vitest's default left one of two cores idle): the suite went from
      // 302 s to 45 s on two cores, all tests passing three runs in a row.
      // Tests must leave no global state behind (setup-tests.ts cleans up).
      isolate: false,
      maxWorkers: availableParallelism(),
    },
  }),
)
