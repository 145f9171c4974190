/**
 * `mock-gateway --access-log`: one line per answered request, for seeing which replica did
 * what behind a balancer:  <time> <listener> <method> <path> <status> <ms>
 * The path is logged without its query string (a query can carry a session's data).
 */
import type { FastifyInstance } from 'fastify';

export function logRequests(app: FastifyInstance, listener: 'api' | 'acs', write: (line: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    write(`${new Date().toISOString()} ${listener} ${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });
}
