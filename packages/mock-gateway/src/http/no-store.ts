/**
 * `Cache-Control: no-store` on every answer that may carry a token, a session, a customer or
 * card data: the token endpoint, every `/api/` answer (sessions, hosted-page creation,
 * execution responses, status, customers, saved cards) and the hosted page's document, which
 * embeds its session. A route that sets its own Cache-Control keeps it.
 */
import type { FastifyInstance } from 'fastify';

const PRIVATE = /^\/(oauth\/token|api\/|hpp\/(?!assets\/))/;

export function noStoreForPrivateData(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (PRIVATE.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
