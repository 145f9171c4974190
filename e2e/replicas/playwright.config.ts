import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '@payments/e2e/chromium';

/**
 * `pnpm test:replicas`: the QA kit's flows and the failure drills against two gateway
 * replicas on one Postgres behind HAProxy (global-setup.ts). One worker: the sandbox is one,
 * and its webhook URL is the worker's inbox (the QA kit's external-gateway mode).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH_OPTIONS, trace: { mode: 'retain-on-failure', screenshots: false } },
});
