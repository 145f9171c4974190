import { defineConfig } from 'vitest/config';

/**
 * The cross-engine suite (`pnpm test:engines`): one file per engine, each a worker with one
 * browser and one mock gateway; the files run side by side. ENGINES=webkit,firefox (or
 * `pnpm test:engines --engine webkit`) picks engines.
 */
const engines = (process.env.ENGINES ?? 'webkit,firefox,chromium').split(',').map((name) => name.trim()).filter(Boolean);

export default defineConfig({
  test: {
    include: engines.map((engine) => `e2e/engines/${engine}.engine.ts`),
    globalSetup: ['e2e/engines/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: engines.length,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One retry in CI, as the Playwright suites: a timing fluke on a loaded runner is named in the report.
    retry: process.env.CI ? 1 : 0,
  },
});
