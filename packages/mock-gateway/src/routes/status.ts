/**
 * GET /api/transactions/{id}/status → `{found, transaction}`. Answers a merchant backend
 * (bearer token) and the browser library (public client key, X-Client-Key), since both
 * verify a final status before acting on it.
 *
 * Decided where the spec is silent:
 *  - an unknown id and another merchant's transaction answer the same 200
 *    `{found: false, transaction: null}` (no leaking whether an id exists elsewhere);
 *  - the answer carries `cache-control: no-store`: a status must never be served stale;
 *  - the id is not validated: anything that is not a known id is simply not found;
 *  - any transaction can be looked up, management children (CAPTURE, REFUND, VOID) included.
 */
import type { StatusResponse } from '@payments/core';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { statusSchema } from './schemas/transactions';

export function registerStatusRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/transactions/:id/status', { schema: statusSchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request, reply) => {
    const principal = callerOf(request);
    reply.header('cache-control', 'no-store');
    return transactionStatus(ctx, principal.merchantId, request.params.id);
  });
}

export async function transactionStatus(ctx: GatewayContext, merchantId: string, id: string): Promise<StatusResponse> {
  const record = await ctx.store.transaction(id);
  if (!record || record.transaction.merchant_id !== merchantId) return { found: false, transaction: null };
  return { found: true, transaction: record.transaction };
}
