/**
 * The Northwind Outfitters demo shop: a merchant site on its own origin with its own small
 * backend, embedding the gateway's card component.
 *
 *   const demo = await startDemo({ gatewayUrl: 'http://127.0.0.1:4010' });  // http://localhost:5173
 *
 * Routes: GET / (the shop), /shop.js, /shop.css, /images/*; POST /api/checkout;
 * GET /api/scenarios; GET /api/orders, /api/orders/:transactionId; GET /return; POST /webhooks;
 * GET /api/events; POST/GET /api/account, DELETE /api/account/:id/cards/:pm; POST /api/hosted-checkout,
 * GET /checkout/hosted/{success,cancel,error}. See README.md.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { GatewayClient, TEST_CREDENTIALS, TEST_MERCHANT_ID, createWebhookVerifier, type GatewayCredentials } from '@payments/testing';
import { ShopperAccounts, accountWebhookHandler, registerAccountRoutes } from './backend/accounts';
import { registerCheckoutRoutes } from './backend/checkout';
import { registerHostedCheckoutRoutes } from './backend/hosted-checkout';
import { OrderBook } from './backend/order-book';
import { registerOrderRoutes } from './backend/orders';
import { buildShopScript, fetchScriptIntegrity, readPublicFile, registerPages } from './backend/pages';
import { registerCanonicalHost, registerSecurityHeaders } from './backend/security-headers';
import { openShopDatabase, type ShopDatabase } from './backend/shop-database';
import { WebhookInbox } from './backend/webhook-inbox';
import { registerWebhookRoutes } from './backend/webhook-receiver';

export interface DemoOptions {
  /** Default 5173, the terminals' website (http://localhost:5173). 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The gateway's base URL, e.g. http://127.0.0.1:4010. */
  gatewayUrl: string;
  /**
   * The ACS origin, for the CSP's frame-src and form-action. Default: the gateway's
   * GET /__mock/config `acs_url`, else the gateway's port + 1.
   */
  acsUrl?: string;
  /** The shop's public origin (return_url, originator_url). Default http://localhost:<port>. */
  publicUrl?: string;
  /** The merchant's API credentials (server-side only). Default: the fixture's test client. */
  credentials?: GatewayCredentials;
  /** Fastify's request log (default off). */
  logger?: boolean;
  /**
   * The directory of the shop's database (orders, processed webhook deliveries), created
   * when missing; what is in it survives a restart. Default: a temporary directory, removed on close.
   */
  dataDir?: string;
}

export interface RunningDemo {
  /** Where the shop is opened, e.g. http://localhost:5173. */
  url: string;
  /** The directory of the shop's database. */
  dataDir: string;
  close(): Promise<void>;
}

/** The ACS origin: asked of the mock gateway, or the gateway's port + 1 (its default). */
export async function discoverAcsOrigin(gatewayUrl: string): Promise<string> {
  const gateway = new URL(gatewayUrl);
  try {
    const response = await fetch(new URL('/__mock/config', gateway), {
      headers: { accept: 'application/json', 'user-agent': 'northwind-demo/0.1' },
      signal: AbortSignal.timeout(3_000),
    });
    if (response.ok) {
      const config = (await response.json()) as { acs_url?: unknown };
      if (typeof config.acs_url === 'string') return new URL(config.acs_url).origin;
    }
  } catch {
    // Not the mock gateway, or not up yet: fall back to its default layout.
  }
  const acs = new URL(gateway.origin);
  acs.port = String(Number(gateway.port || (gateway.protocol === 'https:' ? 443 : 80)) + 1);
  return acs.origin;
}

export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const database = await openShopDatabase(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  try {
    return await startShop(options, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function startShop(options: DemoOptions, database: ShopDatabase): Promise<RunningDemo> {
  const gatewayUrl = new URL(options.gatewayUrl).origin;
  const acsUrl = options.acsUrl ? new URL(options.acsUrl).origin : await discoverAcsOrigin(gatewayUrl);
  const credentials = options.credentials ?? TEST_CREDENTIALS;
  const shopScript = await buildShopScript();
  const returnTemplate = readPublicFile('return.html');

  const app = Fastify({ logger: options.logger ?? false });
  const gateway = new GatewayClient(gatewayUrl, credentials);
  let publicUrl = options.publicUrl ? new URL(options.publicUrl).origin : '';

  registerSecurityHeaders(app, { gateway: gatewayUrl, acs: acsUrl });
  registerCanonicalHost(app, () => publicUrl);
  registerPages(app, { gatewayUrl, shopScript, scriptIntegrity: await fetchScriptIntegrity(gatewayUrl) });
  const accounts = new ShopperAccounts();
  const orders = new OrderBook(database.db);
  registerCheckoutRoutes(app, {
    gateway,
    gatewayUrl,
    clientKey: credentials.clientKey,
    publicUrl: () => publicUrl,
    accounts,
    orders,
  });
  registerAccountRoutes(app, { gateway, accounts });
  registerOrderRoutes(app, { gateway, orders, returnTemplate });
  registerHostedCheckoutRoutes(app, { gateway, orders, publicUrl: () => publicUrl, returnTemplate });
  registerWebhookRoutes(app, {
    verify: createWebhookVerifier({ gatewayUrl, merchantId: credentials.merchantId ?? TEST_MERCHANT_ID }),
    inbox: new WebhookInbox(database.db),
    apply: (tx, event) => orders.applyEvent(tx, event),
    onEvent: accountWebhookHandler(accounts),
  });

  try {
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 5173 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  publicUrl ||= `http://localhost:${port}`;
  // The server first (no request is left half-done), then the database.
  return { url: publicUrl, dataDir: database.dataDir, close: () => app.close().finally(() => database.close()) };
}
