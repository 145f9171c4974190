/**
 * GET /api/encryption-key (our addition; the spec leaves key retrieval "not shown"):
 * `{key_id, algorithm: "RSA-OAEP-256", public_key}` with the public key as SPKI PEM.
 * Answers to the public client key (the card frame) or a bearer token (Direct API).
 */
import type { FastifyInstance } from 'fastify';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { encryptionKeySchema } from './schemas/service';

export function registerEncryptionKeyRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/encryption-key', { schema: encryptionKeySchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request, reply) => {
    const principal = callerOf(request);
    reply.header('cache-control', 'private, max-age=300');
    return ctx.keys.publicKey(principal.merchantId);
  });
}
