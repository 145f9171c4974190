/**
 * The /__mock part (registered with that prefix): the test routes. Its hooks: the sandbox's
 * settings current, then the guard that keeps a shopper's browser out (http/mock-guard.ts).
 * An unknown URL under it is the edge's 404 (http/edge.ts). No faults and no edge input rule: the test routes must answer
 * whatever the tests set up.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context';
import { guardMockRoutes } from '../../http/mock-guard';
import { syncSandboxOnRequest } from '../../http/sandbox-sync';
import { registerFaultRoutes } from '../faults';
import { registerMockRoutes } from '../mock';
import { registerWebhookRoutes } from '../webhooks';

export function mockPlugin(ctx: GatewayContext) {
  return async function mock(app: FastifyInstance): Promise<void> {
    syncSandboxOnRequest(app, ctx.sandbox.revision);
    guardMockRoutes(app, ctx);
    registerFaultRoutes(app, ctx);
    registerWebhookRoutes(app, ctx);
    registerMockRoutes(app, ctx);
  };
}
