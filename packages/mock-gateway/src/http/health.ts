/**
 * Health checks for a load balancer and a container runtime, on both listeners (API and ACS):
 *  - GET /health        the process answers (liveness): 200, nothing else is looked at;
 *  - GET /health/ready  it can serve (readiness): the store answered a read just now and its
 *                       writes are not failing for a full disk. 200 {status: "ready", store},
 *                       or 503 {status: "unavailable", store, error} when the database is
 *                       unreachable, does not answer within 2 s, or its storage is full (a
 *                       balancer then sends the traffic to the other replicas). While
 *                       stopping (SIGTERM) the listener is closed: checks fail to connect.
 * Probes send a User-Agent like any client (the edge refuses requests without one).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

const READY_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const store = ctx.store.description;
    try {
      await withTimeout(ctx.store.ready(), READY_TIMEOUT_MS);
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
