/**
 * Playwright fixtures for checkouts on the gateway: each worker gets its own mock gateway
 * (free ports) and a verifying webhook inbox; each test gets a Direct API client and
 * helpers that create sessions and hosted pages against it.
 *
 *   import { test, expect } from '@payments/testing/playwright';
 *   test('pays', async ({ page, createSession, merchantOrigin, gatewayUrl }) => { … });
 *
 * `merchantOrigin` is where your merchant pages are served; sessions are created with it as
 * originator_url, which is the origin the secure frames accept as their parent. By default
 * the kit serves a merchant site per worker (`merchantSite`: a checkout page, and your own
 * pages from the `merchantPages` folder); set the option to test your own running shop.
 */
import {
  test as base,
  expect,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import type { PaymentSession } from '@payments/core';
import { GatewayClient, uniqueReference } from '../gateway-client';
import { connectTestGateway, startTestGateway, type TestGateway } from '../test-gateway';
import { checkoutPageUrl, startMerchantSite, type MerchantSite } from '../merchant-site';
import type { WebhookInbox } from '../webhook-inbox';

export interface PaymentsWorkerFixtures {
  testGateway: TestGateway;
  gatewayUrl: string;
  acsUrl: string;
  webhooks: WebhookInbox;
  /** Option: a folder of your own merchant pages for the kit's merchant site to serve. */
  merchantPages: string | undefined;
  /** The kit's merchant site of this worker (started only when merchantOrigin is not set). */
  merchantSite: MerchantSite;
  /** Option: the merchant origin your test pages are served from; default: the kit's merchant site. */
  merchantOrigin: string;
  /**
   * Option: a snapshot file each worker's gateway starts from (`mock-gateway snapshot export
   * FILE`): seed customers and saved cards once, and every worker has them.
   */
  gatewaySnapshot: string | undefined;
  /**
   * Option: the URL of a gateway already running (a shared sandbox, replicas behind a load
   * balancer) instead of one per worker; default: the PAYMENTS_GATEWAY_URL environment
   * variable. The sandbox's webhooks then come to this worker's inbox: use one worker.
   */
  externalGateway: string | undefined;
}

export interface HostedPage {
  redirect_url: string;
  session_id: string;
  expires_at: string;
}

export interface PaymentsTestFixtures {
  gateway: GatewayClient;
  /**
   * Automatic: fails the test during which the worker's gateway answered (or accepted)
   * something its own /openapi.json does not allow.
   */
  gatewayContract: undefined;
  createSession(overrides?: Record<string, unknown>): Promise<PaymentSession>;
  createHostedPage(overrides?: Record<string, unknown>): Promise<HostedPage>;
  /** The merchant origin's checkout page (`/checkout?gateway=&session=`) for a session. */
  checkoutUrl(session: { id: string }, options?: { locale?: string }): string;
}

// Spelled out: an inferred type would be `any` in the published .d.ts.
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & PaymentsTestFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & PaymentsWorkerFixtures
> = base.extend<PaymentsTestFixtures, PaymentsWorkerFixtures>({
  merchantPages: [undefined, { scope: 'worker', option: true }],
  merchantSite: [
    async ({ merchantPages }, use) => {
      const site = await startMerchantSite(merchantPages ? { root: merchantPages } : {});
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],
  merchantOrigin: [async ({ merchantSite }, use) => use(merchantSite.origin), { scope: 'worker', option: true }],
  gatewaySnapshot: [undefined, { scope: 'worker', option: true }],
  externalGateway: [process.env.PAYMENTS_GATEWAY_URL || undefined, { scope: 'worker', option: true }],
  testGateway: [
    async ({ gatewaySnapshot, externalGateway }, use) => {
      const gateway = externalGateway ? await connectTestGateway(externalGateway) : await startTestGateway({ snapshot: gatewaySnapshot });
      await use(gateway);
      await gateway.close();
    },
    { scope: 'worker' },
  ],
  gatewayUrl: [async ({ testGateway }, use) => use(testGateway.url), { scope: 'worker' }],
  acsUrl: [async ({ testGateway }, use) => use(testGateway.acsUrl), { scope: 'worker' }],
  webhooks: [async ({ testGateway }, use) => use(testGateway.webhooks), { scope: 'worker' }],

  gatewayContract: [
    async ({ testGateway }, use) => {
      testGateway.takeContractMismatches(); // what an earlier test of the worker left is that test's
      await use(undefined);
      const mismatches = testGateway.takeContractMismatches();
      if (mismatches.length > 0) throw new Error(`The gateway broke its contract (openapi.json):\n${mismatches.join('\n')}`);
    },
    { auto: true },
  ],
  gateway: async ({ testGateway }, use) => use(new GatewayClient(testGateway.url)),
  checkoutUrl: async ({ merchantOrigin, gatewayUrl }, use) =>
    use((session, options) => checkoutPageUrl(merchantOrigin, gatewayUrl, session.id, options)),
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
