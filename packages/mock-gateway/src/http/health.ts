/**
 * Health checks for a load balancer and a container runtime, on both listeners (API and ACS):
 *  - GET /health        the process answers (liveness): 200, nothing else is looked at;
 *  - GET /health/ready  it can serve (readiness): the store answered a read just now. 200
 *                       {status: "ready", store}, or 503 {status: "unavailable", store, error}
 *                       when the database does not answer within 2 s (a balancer then sends
 *                       the traffic to the other replicas). Fastify answers 503 while closing.
 * Probes send a User-Agent like any client (the edge refuses requests without one).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { healthSchema, readySchema } from '../routes/schemas/service';

const READY_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/health', { schema: healthSchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/health/ready', { schema: readySchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const store = ctx.store.description;
    try {
      await withTimeout(ctx.store.count('setting'), READY_TIMEOUT_MS);
      return { status: 'ready', store };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', store, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
