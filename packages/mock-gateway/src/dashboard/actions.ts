/**
 * The dashboard's actions (POST, JSON, the cross-site and CSRF checks of access.ts first):
 *  - POST /dashboard/api/deliveries/{id}/resend           a new series of attempts (webhooks/resend.ts)
 *  - POST /dashboard/api/transactions/{id}/settle {outcome: approve|decline}  a PENDING payment or payout
 * the viewer's own merchant's records only (another's is a 404, as a record that does not exist);
 * and, for the loopback operator only (they change the whole sandbox, every merchant's):
 *  - POST /dashboard/api/clock {advance_seconds}
 *  - POST /dashboard/api/faults {path, mode, count?}, POST /dashboard/api/faults/clear
 *  - POST /dashboard/api/reset
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError, NotFoundError } from '../api-error';
import { FAULT_RULE_PROPERTIES, type FaultMode } from '../sandbox/faults';
import { resetSandbox } from '../sandbox/reset';
import { withTransaction } from '../store/locks';
import { settlePending } from '../payments/settle';
import { resendDelivery } from '../webhooks/resend';
import { requireActor, type Viewer } from './access';
import { deliveryView } from '../webhooks/delivery-view';
import { transactionView } from './views';

async function operator(ctx: GatewayContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireActor(ctx, request);
  if (!viewer.operator) {
    throw new ApiError(403, [{ property: '', message: 'Only the sandbox operator (on the gateway machine) may change the whole sandbox', params: [] }]);
  }
  return viewer;
}

export function registerDashboardActions(app: FastifyInstance, ctx: GatewayContext): void {
  app.post<{ Params: { id: string } }>('/deliveries/:id/resend', async (request, reply) => {
    const viewer = await requireActor(ctx, request);
    const stored = await ctx.store.deliveries.get(request.params.id);
    const merchant = viewer.merchants.find((m) => m.id === stored?.delivery.merchant_id);
    if (!stored || !merchant) throw new NotFoundError(`No webhook delivery ${request.params.id}`);
    const delivery = await resendDelivery(ctx, request.params.id, merchant.id);
    return reply.code(202).send({ delivery: deliveryView(delivery) });
  });

  app.post<{ Params: { id: string }; Body: { outcome: 'approve' | 'decline' } }>(
    '/transactions/:id/settle',
    {
      schema: {
        body: { type: 'object', required: ['outcome'], additionalProperties: false, properties: { outcome: { type: 'string', enum: ['approve', 'decline'] } } },
      },
    },
    async (request) => {
      const viewer = await requireActor(ctx, request);
      return withTransaction(ctx, request.params.id, (record) => {
        if (!record || !viewer.merchants.some((m) => m.id === record.transaction.merchant_id)) throw new NotFoundError(`No transaction ${request.params.id}`);
        settlePending(ctx, record, request.body.outcome);
        return { transaction: transactionView(record) };
      });
    },
  );

  app.post<{ Body: { advance_seconds: number } }>(
    '/clock',
    {
      schema: {
        body: {
          type: 'object',
          required: ['advance_seconds'],
          additionalProperties: false,
          properties: { advance_seconds: { type: 'integer', minimum: 1, maximum: 10 * 365 * 86400 } },
        },
      },
    },
    async (request) => {
      await operator(ctx, request);
      await ctx.clock.advance(request.body.advance_seconds * 1000);
      return { now: ctx.clock.iso() };
    },
  );

  app.post<{ Body: { path: string; mode: FaultMode; count?: number } }>(
    '/faults',
    {
      schema: {
        body: {
          type: 'object',
          required: ['path', 'mode'],
          additionalProperties: false,
          properties: { path: FAULT_RULE_PROPERTIES.path, mode: FAULT_RULE_PROPERTIES.mode, count: FAULT_RULE_PROPERTIES.count },
        },
      },
    },
    async (request) => {
      await operator(ctx, request);
      if (request.body.path.startsWith('/dashboard/')) throw new ApiError(422, [{ property: 'path', message: 'The dashboard itself cannot be faulted', params: [] }]);
      const rule = await ctx.sandbox.faults.add({ path: request.body.path, mode: request.body.mode, count: request.body.count ?? 1 });
      return { fault: rule, faults: ctx.sandbox.faults.list() };
    },
  );

  app.post('/faults/clear', async (request) => {
    await operator(ctx, request);
    await ctx.sandbox.faults.clear();
    return { faults: [] };
  });

  app.post('/reset', async (request) => {
    await operator(ctx, request);
    await resetSandbox(ctx);
    return { reset: true };
  });
}
