/**
 * The 3-D Secure calls (spec: 3-D Secure calls); the gateway's own notification pages are
 * three-ds-pages.ts:
 *  - POST /api/transactions/three-ds/{threeDsServerTransId}/request-authentication
 *  - POST /api/transactions/three-ds/authentication-completed
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { withTransaction } from '../store/locks';
import { completeChallenge, requestAuthentication } from '../payments/three-ds/engine';
import { ownedThreeDsTransaction } from '../payments/three-ds/notification';
import { authenticationCompletedSchema, requestAuthenticationSchema } from './schemas/transactions';

export function registerThreeDsRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/transactions/three-ds/:id/request-authentication', { schema: requestAuthenticationSchema, config: { auth: BEARER_OR_CLIENT_KEY } },
    async (request) => {
      const found = await ownedThreeDsTransaction(ctx, callerOf(request).merchantId, request.params.id, 'threeDsServerTransId');
      return withTransaction(ctx, found.transaction.id, (record) => requestAuthentication(ctx, record ?? found, request.body));
    },
  );

  app.post('/transactions/three-ds/authentication-completed', { schema: authenticationCompletedSchema, config: { auth: BEARER_OR_CLIENT_KEY } },
    async (request) => {
      const found = await ownedThreeDsTransaction(ctx, callerOf(request).merchantId, request.body.session_id, 'session_id');
      // payment_data: required except after a Direct API notification_url override, where
      // the merchant only has the CRes (the spec leaves it "not shown"; README).
      const overridden = found.integration_type === 'DIRECT_API' && !found.three_ds?.notification_url.startsWith(ctx.urls.gateway);
      if (request.body.payment_data === undefined && !overridden) throw invalid('payment_data', 'is required');
      return withTransaction(ctx, found.transaction.id, (record) => completeChallenge(ctx, record ?? found, request.body));
    },
  );
}
