/**
 * GET /.well-known/jwks.json: the public keys that verify webhook JWTs (spec: Authentication,
 * 6 leaves key distribution "not shown"; a JWKS is our choice).
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { GatewayContext } from '../context';
import { jwksSchema } from './schemas/service';

export function registerWebhookKeyRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/.well-known/jwks.json', { schema: jwksSchema }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.webhooks.jwks();
  });
}
