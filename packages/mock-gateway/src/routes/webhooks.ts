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
import type { GatewayContext } from '../context';
import { deliveryView } from '../dashboard/views';
import { resendDelivery } from '../webhooks/resend';

interface DeliveryQuery {
  event?: string;
  transaction_id?: string;
}

export function registerWebhookRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.webhooks.jwks();
  });

  app.get<{ Querystring: DeliveryQuery }>(
    '/__mock/webhooks',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { event: { type: 'string' }, transaction_id: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const { event, transaction_id: transactionId } = request.query;
      const deliveries = await ctx.webhooks.deliveries({
        ...(event !== undefined ? { event } : {}),
        ...(transactionId !== undefined ? { transactionId } : {}),
      });
      return { deliveries };
    },
  );

  app.post<{ Params: { id: string } }>('/__mock/webhooks/:id/resend', async (request, reply) => {
    const delivery = await resendDelivery(ctx, request.params.id);
    return reply.code(202).send({ delivery: deliveryView(delivery) });
  });

  app.delete('/__mock/webhooks', async (_request, reply) => {
    await ctx.webhooks.clear();
    return reply.code(204).send();
  });
}
