/**
 * Health checks for a load balancer and a container runtime, on both listeners (API and ACS):
 *  - GET /health/live   the process answers (liveness): 200, nothing else is looked at;
 *  - GET /health        the same, its older name;
 *  - GET /health/ready  it can serve (readiness): the store answered a read just now and its
 *                       writes are not failing for a full disk. 200 {status: "ready", store},
 *                       or 503 {status: "unavailable", store, error} when the database is
 *                       unreachable, does not answer within 2 s, or its storage is full (a
 *                       balancer then sends the traffic to the other replicas). While
 *                       stopping (SIGTERM) the listener is closed: checks fail to connect.
 * They answer any client: the edge rules (a User-Agent, no hostile input) do not apply to
 * them, since HAProxy's `option httpchk` and several balancers' defaults send no header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { healthSchema, readySchema } from '../routes/schemas/service';
import { injectFaults } from './fault-injection';

const READY_TIMEOUT_MS = 2_000;

/** The probes' routes: exempt from the edge rules (edge.ts). */
const HEALTH_ROUTES: ReadonlySet<string> = new Set(['/health', '/health/live', '/health/ready']);

export function isHealthCheck(request: FastifyRequest): boolean {
  return request.method === 'GET' && HEALTH_ROUTES.has(request.routeOptions.url ?? '');
}

/** Why the gateway cannot serve now, or undefined when it can. The one place readiness is decided. */
export async function unreadiness(ctx: GatewayContext): Promise<string | undefined> {
  try {
    await withTimeout(ctx.store.ready(), READY_TIMEOUT_MS);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The probes, a part of their own: no sandbox sync (a probe must answer even when the
 * database does not), no edge rules; faults apply as to any route.
 */
export function registerHealthPlugin(root: FastifyInstance, ctx: GatewayContext): void {
  root.register(async (app) => {
    injectFaults(app, ctx.sandbox.faults);
    registerHealthRoutes(app, ctx);
  });
}

function registerHealthRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  const alive = async (_request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  };
  app.get('/health', { schema: healthSchema }, alive);
  app.get('/health/live', { schema: healthSchema }, alive);

  app.get('/health/ready', { schema: readySchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const store = ctx.store.description;
    const error = await unreadiness(ctx);
    if (error === undefined) return { status: 'ready', store };
    return reply.code(503).send({ status: 'unavailable', store, error });
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
