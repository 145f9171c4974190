import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '@payments/e2e/chromium';

/**
 * Playwright in real Chromium against the real mock gateway over HTTP. Debian's Chromium
 * is used where it exists (e2e/support/chromium.ts).
 */

/** A bare merchant origin for gateway-page suites (e2e/pages); E2E_MERCHANT_PORT moves it
 * (two checkouts running their suites side by side). */
export const E2E_MERCHANT_PORT = Number(process.env.E2E_MERCHANT_PORT ?? 4180);

export default defineConfig<object, { merchantOrigin: string }>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The shared-sandbox suite has its own config (a balancer and replicas): pnpm test:replicas.
  // (A regular expression on the path: a glob is matched against the absolute path, and a
  // checkout in a folder named replicas would ignore everything.)
  testIgnore: /[\\/]e2e[\\/]replicas[\\/]/,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI, so a timing fluke on a loaded 2-core runner does not block a landing;
  // the list reporter names every test that needed it ("flaky"), and a flaky test is a bug
  // to fix, as the race in the callback log was. Locally: no retries.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    // No screencast in the trace: a fifth less CPU. Without it the issuer page's Approve click
    // in a challenge dialog was once lost every time (e2e/dashboard.spec.ts's second payment);
    // the QA kit's completeChallenge now clicks again when no form was submitted.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // Another site than the gateway (127.0.0.1): the secure frames are cross-site, as on a
    // merchant's own domain (third-party frame rules, storage partitioning, site isolation).
    merchantOrigin: `http://localhost:${E2E_MERCHANT_PORT}`,
  },
  // Each worker starts its own mock gateway (the QA kit's fixtures); the bare test shop
  // that serves e2e/pages is shared.
  webServer: [
    {
      command: `tsx e2e/support/test-merchant-server.ts ${E2E_MERCHANT_PORT}`,
      url: `http://127.0.0.1:${E2E_MERCHANT_PORT}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
