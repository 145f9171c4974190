/**
 * The dashboard's API part, registered under /dashboard/api (routes.ts reads, actions.ts acts). Its hooks:
 * the public parts' (http/part-hooks.ts); every answer `Cache-Control: no-store`; a POST first
 * passes the cross-site check (access.ts); the live streams end when the gateway closes. The
 * page itself (page.ts) is one of the served pages.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';
import { publicPartHooks } from '../http/part-hooks';
import { crossSiteRefusal } from './access';
import { LiveStreams } from './live';
import { registerDashboardRoutes } from './routes';

export function dashboardApiPlugin(ctx: GatewayContext) {
  return async function dashboardApi(app: FastifyInstance): Promise<void> {
    publicPartHooks(app, ctx);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const refusal = crossSiteRefusal(ctx, request);
        if (refusal) throw refusal;
      }
    });
    const live = new LiveStreams(ctx);
    app.addHook('preClose', async () => live.end());
    registerDashboardRoutes(app, ctx, live);
  };
}
