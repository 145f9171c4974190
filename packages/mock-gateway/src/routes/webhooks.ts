/**
 * The mock's delivery log (the /__mock plugin; paths are relative to its prefix):
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
import { clearSchema, listDeliveriesSchema, resendSchema } from './schemas/test-routes';

export function registerWebhookRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/webhooks',
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

  app.post('/webhooks/:id/resend', { schema: resendSchema }, async (request, reply) => {
    const delivery = await resendDelivery(ctx, request.params.id);
    return reply.code(202).send({ delivery: deliveryView(delivery) });
  });

  app.delete('/webhooks', { schema: clearSchema }, async (_request, reply) => {
    await ctx.webhooks.clear();
    return reply.code(204).send();
  });
}
