/**
 * GET /api/encryption-key (our addition; the spec leaves key retrieval "not shown"):
 * `{key_id, algorithm: "RSA-OAEP-256", public_key}` with the public key as SPKI PEM.
 * Answers to the public client key (the card frame) or a bearer token (Direct API).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { authenticate } from './auth';
import { encryptionKeySchema } from './schemas/service';

export function registerEncryptionKeyRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/api/encryption-key', { schema: encryptionKeySchema }, async (request, reply) => {
    const principal = await authenticate(ctx, request, { clientKey: true });
    reply.header('cache-control', 'private, max-age=300');
    return ctx.keys.publicKey(principal.merchantId);
  });
}
