/**
 * The full hostile run: `pnpm test:hostile` (2000 runs per property unless HOSTILE_RUNS says
 * otherwise), with a summary of what ran written to .hostile/summary.json. The same files run
 * in `pnpm test` with 50 runs per property (root vite.config.ts).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['hostile/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    testTimeout: 600_000,
    hookTimeout: 60_000,
    globalSetup: ['hostile/global-setup.ts'],
    env: {
      HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? '2000',
      HOSTILE_REPORT: '1',
    },
  },
});
