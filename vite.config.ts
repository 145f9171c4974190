import { defineConfig } from 'vitest/config';

// The root Vite config carries the unit-test settings for every package; each package
// that ships a browser bundle has its own vite.config.ts for its build.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'demo/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'threads',
  },
});
