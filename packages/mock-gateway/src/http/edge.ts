/**
 * The edge (spec: Authentication, 5) as hooks: a client without a usable User-Agent, or a
 * URL that climbs out of its path, is refused before routing (the root's hook; health checks
 * answer any client, a balancer's probe often sends no User-Agent); hostile input in a body,
 * query or path parameter is refused before validation, on each part a shopper's browser or a
 * merchant reaches (not /__mock, not the probes).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EdgeRejection } from '../api-error';
import { replyNotFound } from './errors';
import { containsHostileInput, hasUsableUserAgent } from './edge-rules';
import { isHealthCheck } from './health';

export function refuseUnusableClients(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isHealthCheck(request)) return;
    if (!hasUsableUserAgent(request.headers['user-agent'])) throw new EdgeRejection();
    if (/\.\.|%2e%2e/i.test(request.url)) throw new EdgeRejection();
    // No route: 404 before the body is read, so a body of any size or type gets the same answer.
    if (request.is404) return replyNotFound(request, reply);
  });
}

/** A preValidation hook (a part's, or a 404 handler's option). */
export async function refuseHostileInput(request: FastifyRequest): Promise<void> {
  if (containsHostileInput(request.body) || containsHostileInput(request.query) || containsHostileInput(request.params)) {
    throw new EdgeRejection();
  }
}
