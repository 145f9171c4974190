/**
 * Assembles the gateway: two Fastify apps sharing one context.
 *  - the API app on the gateway origin, one encapsulated plugin per part, each with its own
 *    hooks: the API (/oauth, /api, the JWKS), the pages (3-D Secure pages; the frames, hosted
 *    page and bundles a running gateway adds, server.ts), /__mock and the dashboard's API;
 *  - the simulators app on a second origin: the ACS (3-D Secure pages) and the redirect
 *    providers' pages, so origin checks against "the ACS origin" are real.
 * The root keeps what holds for every request: the edge's client rules, the error shapes,
 * the access log and the contract check.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { CardKeys } from './card-keys';
import { Clock } from './sandbox/clock';
import { loadConfig, type GatewayConfig } from './config';
import type { GatewayContext, GatewayUrls } from './context';
import { refuseUnusableClients } from './http/edge';
import { renderError, replyNotFound } from './http/errors';
import { registerHealthPlugin } from './http/health';
import { logRequests } from './http/access-log';
import { FORMATS } from './http/schemas';
import { Sandbox } from './sandbox/sandbox';
import { MemoryBackend } from './store/memory-backend';
import { Store } from './store/store';
import { createWebhookOutbox } from './webhooks/webhook-outbox';
import { openApiDocument, registerComponents, registerContract, registerDocumentRoutes } from './contract/document';
import { checkExchanges } from './contract/exchange-check';
import { apiPlugin } from './routes/plugins/api';
import { acsPlugin, gatewayPagesPlugin } from './routes/plugins/pages';
import { mockPlugin } from './routes/plugins/mock';
import { dashboardApiPlugin } from './dashboard/plugin';

export interface GatewayOptions {
  config?: GatewayConfig;
  /** Where state lives (default: memory). The gateway closes it when it closes. */
  store?: Store;
  urls?: Partial<GatewayUrls>;
  logger?: boolean;
  /** Called with one line per answered request (`mock-gateway --access-log`). */
  accessLog?: (line: string) => void;
  /**
   * Tests only: each request the API accepts and each answer it gives is checked against the
   * gateway's own /openapi.json; every mismatch is handed to this function (contract/exchange-check.ts).
   */
  contractCheck?: (problem: string) => void;
  /** Extra route registrations on the API app (static bundles are added by the server). */
  extend?: (api: FastifyInstance, ctx: GatewayContext) => void;
}

export interface Gateway {
  ctx: GatewayContext;
  api: FastifyInstance;
  acs: FastifyInstance;
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM, a rolling restart): stops taking requests (the listeners close,
   * so a balancer's checks fail and it sends the traffic elsewhere), finishes those in flight
   * and the webhook attempts on the wire for up to `graceMs`, then cuts what is left, releases
   * the outbox's leases to the other replicas and closes the store.
   */
  shutdown(graceMs?: number): Promise<void>;
}

/** How long a graceful stop waits for requests and webhook attempts in flight. */
export const SHUTDOWN_GRACE_MS = 10_000;

export function createGateway(options: GatewayOptions = {}): Gateway {
  const ctx = gatewayContext(options);
  const api = apiApp(ctx, options);
  const acs = acsApp(ctx, options);
  return { ctx, api, acs, shutdown: (graceMs = SHUTDOWN_GRACE_MS) => shutdown(ctx, [api, acs], graceMs), close: () => close(ctx, [api, acs]) };
}

function gatewayContext(options: GatewayOptions): GatewayContext {
  const config = options.config ?? loadConfig();
  const store = options.store ?? new Store(new MemoryBackend());
  const clock = new Clock(store);
  const ctx: GatewayContext = {
    config,
    store,
    clock,
    sandbox: new Sandbox(store, clock, config),
    keys: new CardKeys(store),
    webhooks: undefined as never,
    urls: { gateway: 'http://127.0.0.1:4010', acs: 'http://127.0.0.1:4011', ...options.urls },
  };
  ctx.webhooks = createWebhookOutbox(ctx);
  return ctx;
}

function apiApp(ctx: GatewayContext, options: GatewayOptions): FastifyInstance {
  const api = baseApp(options.logger ?? false);
  // What a store remembers from an earlier run: the clock's offset, deliveries still to send.
  // onReady runs before the first request (listen, or the first inject of a test).
  api.addHook('onReady', async () => {
    await ctx.sandbox.load();
    await ctx.webhooks.resume();
  });
  // Routes are registered after @fastify/swagger has loaded (it records them as they are
  // added), in a plugin that shares the root context: the root's hooks apply to every part.
  registerContract(api, ctx);
  api.register(
    inRootContext(async (app) => {
      registerDocumentRoutes(app, ctx);
      if (options.accessLog) logRequests(app, 'api', options.accessLog);
      registerHealthPlugin(app, ctx);
      app.register(apiPlugin(ctx));
      app.register(gatewayPagesPlugin(ctx));
      app.register(mockPlugin(ctx), { prefix: '/__mock' });
      app.register(dashboardApiPlugin(ctx), { prefix: '/dashboard/api' });
      options.extend?.(app, ctx);
      // The root's onSend hooks run before a part's own (no-store, faults): the check sees each
      // route's answer as its route made it.
      if (options.contractCheck) checkExchanges(app, () => openApiDocument(api, ctx), options.contractCheck);
    }),
  );
  return api;
}

function acsApp(ctx: GatewayContext, options: GatewayOptions): FastifyInstance {
  const acs = baseApp(options.logger ?? false);
  if (options.accessLog) logRequests(acs, 'acs', options.accessLog);
  registerHealthPlugin(acs, ctx);
  acs.register(acsPlugin(ctx));
  return acs;
}

async function shutdown(ctx: GatewayContext, apps: FastifyInstance[], graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  const late = setTimeout(() => {
    for (const app of apps) app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all(apps.map((app) => app.close()));
  } finally {
    clearTimeout(late);
  }
  // After the last request: what they announced is released with the rest.
  await ctx.webhooks.release(deadline);
  ctx.webhooks.stop();
  await closeRest(ctx);
}

async function close(ctx: GatewayContext, apps: FastifyInstance[]): Promise<void> {
  ctx.webhooks.stop();
  await Promise.all(apps.map((app) => app.close()));
  await closeRest(ctx);
}

async function closeRest(ctx: GatewayContext): Promise<void> {
  await ctx.keys.close(); // after the last request has had its decrypts
  await ctx.webhooks.idle().catch(() => undefined);
  await ctx.store.close();
}

/** A plugin that shares its parent's context (what fastify-plugin does). */
function inRootContext(plugin: (app: FastifyInstance) => Promise<void>) {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

function baseApp(logger: boolean): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Card numbers and amounts must never be coerced: "100" is not an amount.
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false, formats: FORMATS } },
    // Closing (SIGTERM): the listener is closed, so a balancer's checks and new connections go
    // elsewhere; a request already on its way on an open keep-alive connection is served (with
    // Connection: close), not refused with Fastify's own 503 (no Retry-After, not our error body).
    return503OnClosing: false,
    // Long ids must reach their routes (status answers found: false), not the router's 404.
    routerOptions: { maxParamLength: 512 },
    // A URL the router cannot take (bad percent-encoding, a parameter over 512 characters)
    // answers in the spec's error body like everything else, not in Fastify's own shape.
    frameworkErrors: (error, request, reply) => renderError(error, request, reply),
  });
  app.register(formbody);
  registerComponents(app);
  // Clients often send `content-type: application/json` on a DELETE with no body.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && (request.method === 'DELETE' || request.method === 'GET')) done(null, undefined);
    else jsonParser(request, body as string, done);
  });
  refuseUnusableClients(app);
  app.setErrorHandler(renderError);
  // The edge's hook answers an unknown URL before its body is read (http/edge.ts); this is the same answer, should anything get past it.
  app.setNotFoundHandler(replyNotFound);
  return app;
}
