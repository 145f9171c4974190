/** GET /api/sessions/{id}/saved-cards: the hosted page's saved cards, for its client key (our addition). */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { pageSavedCards } from '../customers/saved-cards';
import { liveSession } from '../sessions/sessions';
import { savedCardsSchema } from './schemas/sessions';

export function registerSavedCardRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/sessions/:id/saved-cards', { schema: savedCardsSchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request, reply) => {
    const { merchantId } = callerOf(request);
    const record = await liveSession(ctx, merchantId, request.params.id);
    reply.header('cache-control', 'no-store');
    return { saved_cards: await pageSavedCards(ctx, merchantId, record) };
  });
}
