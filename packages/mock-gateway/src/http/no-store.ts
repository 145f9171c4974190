/**
 * `Cache-Control: no-store` on every answer of a part that may carry a token, a session, a
 * customer or card data: the API (the token endpoint, sessions, hosted-page creation,
 * execution responses, status, customers, saved cards) and the hosted page's documents, which
 * embed their session. A route that sets its own Cache-Control keeps it.
 */
import type { FastifyInstance } from 'fastify';

export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
