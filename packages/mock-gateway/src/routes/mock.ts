/**
 * Test-only routes under /__mock/ (README, "Test routes"). They exist so a QA suite can
 * drive the gateway like a provider or a clock would; a real gateway has none of them.
 *  - POST /__mock/reset                     forget every transaction, session, customer, token, webhook, fault
 *  - POST /__mock/clock {advance_seconds}   move the gateway's clock (expire tokens and sessions)
 *  - GET|POST /__mock/config                read or change webhook_url, retry base, lifetimes
 *  - POST /__mock/transactions/{id}/settle  {outcome: approve|decline} settle a PENDING payment or payout
 *  - GET  /__mock/stats                    where state lives, how many records of each kind, the process's memory
 *  - GET  /__mock/snapshot                 the sandbox's state as a snapshot file (NDJSON; store/snapshot.ts)
 *  - GET  /__mock/transactions[?reference=&limit=] the transactions, newest first (at most `limit`, default
 *                                           1000), with their 3-D Secure stage
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { GatewayContext } from '../context';
import { NotFoundError } from '../api-error';
import { resetSandbox } from '../sandbox/reset';
import { Readable } from 'node:stream';
import { withTransaction } from '../store/locks';
import { KINDS, type Kind } from '../store/record-kinds';
import { exportSnapshot } from '../store/snapshot';
import { settlePending } from '../payments/settle';
import {
  clockSchema,
  getConfigSchema,
  listTransactionsSchema,
  resetSchema,
  setConfigSchema,
  settleSchema,
  snapshotSchema,
  statsSchema,
} from './schemas/test-routes';

export function registerMockRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerSandboxRoutes(app, ctx);
  registerRecordRoutes(app, ctx);
}

/** Reset, the clock, the sandbox's config. */
function registerSandboxRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/reset', { schema: resetSchema }, async () => {
    await resetSandbox(ctx);
    return { reset: true };
  });

  app.post(
    '/clock',
    { schema: clockSchema },
    async (request) => {
      await ctx.clock.advance(request.body.advance_seconds * 1000);
      return { now: ctx.clock.iso() };
    },
  );

  const configView = () => ({
    webhook_url: ctx.config.webhook_url,
    webhook_retry_base_ms: ctx.config.webhook_retry_base_ms,
    webhook_retry_horizon_ms: ctx.config.webhook_retry_horizon_ms,
    token_lifetime_s: ctx.config.token_lifetime_s,
    session_lifetime_s: ctx.config.session_lifetime_s,
    gateway_url: ctx.urls.gateway,
    acs_url: ctx.urls.acs,
  });
  app.get('/config', { schema: getConfigSchema }, async () => configView());
  app.post(
    '/config',
    { schema: setConfigSchema },
    async (request) => {
      await ctx.sandbox.changeConfig(request.body);
      return configView();
    },
  );

}

/** Settling a payment, the counts, the snapshot, the transactions. */
function registerRecordRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/transactions/:id/settle',
    { schema: settleSchema },
    async (request) => {
      return withTransaction(ctx, request.params.id, (record) => {
        if (!record) throw new NotFoundError(`No transaction ${request.params.id}`);
        return settlePending(ctx, record, request.body.outcome).transaction;
      });
    },
  );

  app.get('/stats', { schema: statsSchema }, async () => {
    const kinds = Object.keys(KINDS) as Kind[];
    const counts = await Promise.all(kinds.map((kind) => ctx.store.count(kind)));
    const memory = process.memoryUsage();
    return {
      store: ctx.store.description,
      records: Object.fromEntries(kinds.map((kind, i) => [kind, counts[i]])),
      memory: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed },
    };
  });

  app.get('/snapshot', { schema: snapshotSchema }, async (_request, reply) =>
    reply
      .type('application/x-ndjson')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="mock-gateway-snapshot.ndjson"')
      .send(Readable.from(exportSnapshot(ctx.store))),
  );


  app.get('/transactions', { schema: listTransactionsSchema }, async (request) => {
    const limit = Math.min(Number(request.query.limit ?? 1000), 10_000);
    const records = await ctx.store.recentTransactions({ limit, ...(request.query.reference !== undefined ? { reference: request.query.reference } : {}) });
    return records.map((r) => ({
        transaction: r.transaction,
        integration_type: r.integration_type,
        parent_id: r.parent_id,
        session_id: r.session_id,
        three_ds_stage: r.three_ds?.stage ?? null,
        three_ds_method_completed: r.three_ds?.method_completed ?? false,
        trans_status: r.three_ds?.trans_status ?? null,
        created_at: r.created_at,
        updated_at: r.updated_at,
      }));
  });
}
