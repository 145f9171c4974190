/**
 * Playwright fixtures for checkouts on the gateway: each worker gets its own mock gateway
 * (free ports) and a verifying webhook inbox; each test gets a Direct API client and
 * helpers that create sessions and hosted pages against it.
 *
 *   import { test, expect } from '@payments/testing/playwright';
 *   test('pays', async ({ page, createSession, merchantOrigin, gatewayUrl }) => { … });
 *
 * `merchantOrigin` is where your merchant pages are served (override the option to point
 * at your own shop); sessions are created with it as originator_url, which is the origin
 * the secure frames accept as their parent.
 */
import { test as base, expect } from '@playwright/test';
import type { PaymentSession } from '@payments/core';
import { GatewayClient, uniqueReference } from '../gateway-client';
import { startTestGateway, type TestGateway } from '../test-gateway';
import type { WebhookInbox } from '../webhook-inbox';

export interface PaymentsWorkerFixtures {
  testGateway: TestGateway;
  gatewayUrl: string;
  acsUrl: string;
  webhooks: WebhookInbox;
  /** Option: the merchant origin your test pages are served from. */
  merchantOrigin: string;
}

export interface HostedPage {
  redirect_url: string;
  session_id: string;
  expires_at: string;
}

export interface PaymentsTestFixtures {
  gateway: GatewayClient;
  createSession(overrides?: Record<string, unknown>): Promise<PaymentSession>;
  createHostedPage(overrides?: Record<string, unknown>): Promise<HostedPage>;
}

export const test = base.extend<PaymentsTestFixtures, PaymentsWorkerFixtures>({
  merchantOrigin: ['http://localhost:4180', { scope: 'worker', option: true }],
  testGateway: [
    async ({}, use) => {
      const gateway = await startTestGateway();
      await use(gateway);
      await gateway.close();
    },
    { scope: 'worker' },
  ],
  gatewayUrl: [async ({ testGateway }, use) => use(testGateway.url), { scope: 'worker' }],
  acsUrl: [async ({ testGateway }, use) => use(testGateway.acsUrl), { scope: 'worker' }],
  webhooks: [async ({ testGateway }, use) => use(testGateway.webhooks), { scope: 'worker' }],

  gateway: async ({ testGateway }, use) => use(new GatewayClient(testGateway.url)),
  createSession: async ({ gateway, merchantOrigin }, use) =>
    use((overrides = {}) =>
      gateway.createSession({
        terminal_id: 'TERM00001',
        reference: uniqueReference('e2e'),
        description: 'Blue jacket',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        return_url: `${merchantOrigin}/return`,
        originator_url: merchantOrigin,
        ...overrides,
      }),
    ),
  createHostedPage: async ({ gateway, merchantOrigin }, use) =>
    use((overrides = {}) =>
      gateway.createHostedPage({
        terminal_id: 'TERM00001',
        reference: uniqueReference('hpp'),
        description: 'Blue jacket',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        success_url: `${merchantOrigin}/success`,
        cancel_url: `${merchantOrigin}/cancel`,
        error_url: `${merchantOrigin}/error`,
        ...overrides,
      }),
    ),
});

export { expect };
