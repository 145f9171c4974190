/**
 * Webhook keys and the mock's delivery log.
 *  - GET /.well-known/jwks.json: the public keys that verify webhook JWTs (spec:
 *    Authentication, 6 leaves key distribution "not shown"; a JWKS is our choice).
 *  - GET /__mock/webhooks[?event=&transaction_id=]: the deliveries with their attempts (the
 *    newest 10,000), oldest first, as `{deliveries}`.
 *  - DELETE /__mock/webhooks: forgets the deliveries (204).
 *  - POST /__mock/webhooks/{id}/resend: sends a delivery again, a new series of attempts of
 *    the same id and body (webhooks/resend.ts; `mock-gateway events resend`); answers it (202).
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { GatewayContext } from '../context';
import { deliveryView } from '../webhooks/delivery-view';
import { resendDelivery } from '../webhooks/resend';
import { jwksSchema } from './schemas/service';
import { clearSchema, listDeliveriesSchema, resendSchema } from './schemas/test-routes';

export function registerWebhookRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/.well-known/jwks.json', { schema: jwksSchema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.webhooks.jwks();
  });

  app.get(
    '/__mock/webhooks',
    { schema: listDeliveriesSchema },
    async (request) => {
      const { event, transaction_id: transactionId } = request.query;
      const deliveries = await ctx.webhooks.deliveries({
        ...(event !== undefined ? { event } : {}),
        ...(transactionId !== undefined ? { transactionId } : {}),
      });
      return { deliveries };
    },
  );

  app.post('/__mock/webhooks/:id/resend', { schema: resendSchema }, async (request, reply) => {
    const delivery = await resendDelivery(ctx, request.params.id);
    return reply.code(202).send({ delivery: deliveryView(delivery) });
  });

  app.delete('/__mock/webhooks', { schema: clearSchema }, async (_request, reply) => {
    await ctx.webhooks.clear();
    return reply.code(204).send();
  });
}
