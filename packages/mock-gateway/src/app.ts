/**
 * Assembles the gateway: two Fastify apps sharing one context.
 *  - the API app on the gateway origin: the spec's endpoints, hosted page, frames, bundles;
 *  - the simulators app on a second origin: the ACS (3-D Secure pages) and the redirect
 *    providers' pages, so origin checks against "the ACS origin" are real.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { ApiErrorBody } from '@payments/core';
import { CardKeys } from './card-keys';
import { Clock } from './clock';
import { loadConfig, type GatewayConfig } from './config';
import type { GatewayContext, GatewayUrls } from './context';
import { ApiError, AuthError, EdgeRejection, NotFoundError, propertyPath } from './http/api-error';
import { containsHostileInput, hasUsableUserAgent } from './http/edge-rules';
import { gatewayFaults, registerFaultInjection } from './http/faults';
import { guardMockRoutes } from './http/mock-guard';
import { isHealthCheck, registerHealthRoutes } from './http/health';
import { logRequests } from './http/access-log';
import { noStoreForPrivateData } from './http/no-store';
import { replyStoreUnavailable } from './http/store-unavailable';
import { FORMATS } from './http/schemas';
import { loadSandboxConfig } from './sandbox-config';
import { SandboxRevision, syncSandboxOnRequest } from './sandbox-revision';
import { MemoryBackend } from './store/memory-backend';
import { Store } from './store/store';
import { StoreUnavailableError } from './store/store-errors';
import { createWebhookOutbox } from './webhooks/webhook-outbox';
import { openApiDocument, registerComponents, registerContract, registerDocumentRoutes } from './contract/document';
import { checkExchanges } from './contract/exchange-check';
import { registerAuthRoutes } from './routes/auth';
import { registerSessionRoutes } from './routes/sessions';
import { registerSessionPaymentMethodRoutes } from './routes/session-payment-methods';
import { registerEncryptionKeyRoutes } from './routes/encryption-key';
import { registerAuthorizeRoutes } from './routes/authorize';
import { registerThreeDsRoutes } from './routes/three-ds';
import { registerPaymentRoutes } from './routes/payments';
import { registerPayoutRoutes } from './routes/payouts';
import { registerManageRoutes } from './routes/manage';
import { registerStatusRoutes } from './routes/status';
import { registerCustomerRoutes } from './routes/customers';
import { registerPaymentMethodRoutes } from './routes/payment-methods';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerMockRoutes } from './routes/mock';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerAcsRoutes, registerGatewayAuthenticationPages } from './acs/acs-routes';
import { registerProviderRoutes } from './acs/provider-routes';

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
  const config = options.config ?? loadConfig();
  const store = options.store ?? new Store(new MemoryBackend());
  const clock = new Clock(store);
  const ctx: GatewayContext = {
    config,
    store,
    clock,
    keys: new CardKeys(store),
    webhooks: undefined as never,
    urls: { gateway: 'http://127.0.0.1:4010', acs: 'http://127.0.0.1:4011', ...options.urls },
  };
  ctx.webhooks = createWebhookOutbox(ctx);

  // The clock, /__mock/config and the fault rules: one for the whole sandbox (sandbox-revision.ts).
  const loadSandbox = async () => {
    await Promise.all([clock.load(), loadSandboxConfig(ctx), gatewayFaults(ctx).load()]);
  };
  const sandbox = new SandboxRevision(store, loadSandbox);

  const api = baseApp(options.logger ?? false);
  // What a store remembers from an earlier run: the clock's offset, deliveries still to send.
  // onReady runs before the first request (listen, or the first inject of a test).
  api.addHook('onReady', async () => {
    await loadSandbox();
    await ctx.webhooks.resume();
  });
  // Routes are registered after @fastify/swagger has loaded (it records them as they are
  // added), in a plugin that shares the root context: hooks and routes behave as at the root.
  registerContract(api, ctx);
  api.register(
    inRootContext(async (app) => {
      registerHealthRoutes(app, ctx);
      registerDocumentRoutes(app, ctx);
      if (options.accessLog) logRequests(app, 'api', options.accessLog);
      syncSandboxOnRequest(app, sandbox);
      guardMockRoutes(app, ctx);
      noStoreForPrivateData(app);
      registerFaultInjection(app, ctx, { withRoutes: true });
      registerAuthRoutes(app, ctx);
      registerSessionRoutes(app, ctx);
      registerSessionPaymentMethodRoutes(app, ctx);
      registerEncryptionKeyRoutes(app, ctx);
      registerAuthorizeRoutes(app, ctx);
      registerThreeDsRoutes(app, ctx);
      registerPaymentRoutes(app, ctx);
      registerPayoutRoutes(app, ctx);
      registerManageRoutes(app, ctx);
      registerStatusRoutes(app, ctx);
      registerCustomerRoutes(app, ctx);
      registerPaymentMethodRoutes(app, ctx);
      registerWebhookRoutes(app, ctx);
      registerMockRoutes(app, ctx);
      registerDashboardRoutes(app, ctx);
      registerGatewayAuthenticationPages(app, ctx);
      options.extend?.(app, ctx);
      // Last of the onSend hooks: it sees the answer exactly as it leaves.
      if (options.contractCheck) checkExchanges(app, () => openApiDocument(api, ctx), options.contractCheck);
    }),
  );

  const acs = baseApp(options.logger ?? false);
  registerHealthRoutes(acs, ctx);
  if (options.accessLog) logRequests(acs, 'acs', options.accessLog);
  syncSandboxOnRequest(acs, sandbox);
  registerFaultInjection(acs, ctx, { withRoutes: false });
  registerAcsRoutes(acs, ctx);
  registerProviderRoutes(acs, ctx);

  const closeRest = async () => {
    await ctx.keys.close(); // after the last request has had its decrypts
    await ctx.webhooks.idle().catch(() => undefined);
    await store.close();
  };
  return {
    ctx,
    api,
    acs,
    async shutdown(graceMs = SHUTDOWN_GRACE_MS) {
      const deadline = Date.now() + graceMs;
      const late = setTimeout(() => {
        for (const app of [api, acs]) app.server.closeAllConnections();
      }, graceMs);
      try {
        await Promise.all([api.close(), acs.close()]);
      } finally {
        clearTimeout(late);
      }
      // After the last request: what they announced is released with the rest.
      await ctx.webhooks.release(deadline);
      ctx.webhooks.stop();
      await closeRest();
    },
    async close() {
      ctx.webhooks.stop();
      await Promise.all([api.close(), acs.close()]);
      await closeRest();
    },
  };
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

  // The edge (spec: Authentication, 5): before any route sees the request. Health checks
  // answer any client (a balancer's probe often sends no User-Agent).
  app.addHook('onRequest', async (request, reply) => {
    if (isHealthCheck(request)) return;
    if (!hasUsableUserAgent(request.headers['user-agent'])) throw new EdgeRejection();
    if (/\.\.|%2e%2e/i.test(request.url)) throw new EdgeRejection();
    // No route: 404 before the body is read, so a body of any size or type gets the same answer.
    if (request.is404) return reply.code(404).send(notFound(request));
  });
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/__mock/') || isHealthCheck(request)) return;
    if (containsHostileInput(request.body) || containsHostileInput(request.query) || containsHostileInput(request.params)) {
      throw new EdgeRejection();
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => renderError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(notFound(request));
  });
  return app;
}

const notFound = (request: FastifyRequest) => errorBody(request, 404, [{ property: '', message: 'Not found', params: [request.url] }]);

function renderError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof EdgeRejection) {
    reply.code(403).header('content-type', 'text/plain').send('');
    return;
  }
  if (error instanceof AuthError) {
    if (error.status === 401) reply.header('www-authenticate', `Bearer error="${error.error}"`);
    reply.code(error.status).send({ error: error.error, error_description: error.description });
    return;
  }
  if (error instanceof ApiError) {
    reply.code(error.status).send(errorBody(request, error.status, error.errors, error.code));
    return;
  }
  if (error instanceof StoreUnavailableError) {
    replyStoreUnavailable(error, request, reply, (status, errors, code) => errorBody(request, status, errors, code));
    return;
  }
  if (error instanceof NotFoundError) {
    reply.code(404).send(errorBody(request, 404, [{ property: '', message: error.message || 'Not found', params: [] }]));
    return;
  }
  if (error.validation) {
    // if/then schemas add an "if" error beside the real one; only the real one is useful.
    const errors = error.validation.filter((v) => v.keyword !== 'if').map((v) => {
      const missing = (v.params as { missingProperty?: string }).missingProperty;
      return {
        property: propertyPath(v.instancePath, missing),
        message: v.message ?? 'is invalid',
        params: Object.values(v.params ?? {}).map((p) => String(p)),
      };
    });
    reply.code(422).send(errorBody(request, 422, errors));
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error(error);
  reply.code(status).send(
    errorBody(request, status, [
      { property: '', message: status === 500 ? 'Internal error' : error.message, params: error.code ? [error.code] : [] },
    ]),
  );
}

export function errorBody(request: FastifyRequest, status: number, errors: ApiErrorBody['errors'], code?: string): ApiErrorBody {
  const body: ApiErrorBody = { errors, method: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`, status };
  if (code) body.code = code;
  return body;
}
