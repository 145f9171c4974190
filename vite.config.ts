import { defineConfig } from 'vitest/config';

// The root Vite config carries the unit-test settings for every package; each package
// that ships a browser bundle has its own vite.config.ts for its build.
export default defineConfig({
  test: {
    // hostile/: the hostile suite's bounded run (50 runs per property; `pnpm test:hostile` runs it in full).
    include: ['packages/*/src/**/*.test.ts', 'packages/mock-gateway/dashboard/src/**/*.test.ts', 'demo/**/*.test.ts', 'hostile/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/screens/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // GATEWAY_TEST_STORE=embedded: a worker's first gateway opens PGlite, seconds on a loaded machine.
    hookTimeout: 60_000,
    pool: 'threads',
    // GATEWAY_TEST_STORE=postgres: starts a throwaway Postgres for the run; =embedded: makes the
    // run's migrated PGlite template (each does nothing otherwise).
    globalSetup: ['./vitest.postgres-setup.ts', './vitest.embedded-setup.ts'],
    // Each worker's test gateways get the run's database (GATEWAY_TEST_STORE), not the published ./testing entry's memory default.
    setupFiles: ['./packages/mock-gateway/src/test-support/vitest-setup.ts'],
  },
});
