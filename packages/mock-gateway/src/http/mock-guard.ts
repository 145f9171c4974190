/**
 * The test routes (`/__mock/*`) change the gateway's state: webhook URL, faults, clock. A
 * shopper's browser must not reach them (README, Security model), so they refuse:
 *  - a cross-site request: an `Origin` other than the gateway's own, or `Sec-Fetch-Site`
 *    other than same-origin / none (403);
 *  - a body that is not JSON (415): no HTML form or `text/plain` "simple request" gets in;
 *  - a `Host` that is neither the gateway's configured host nor loopback (403), so a DNS
 *    rebinding page cannot talk to them under its own name.
 * Node tools (QA kit, e2e, hostile suite, demo, bench) send no Origin and pass.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError } from '../api-error';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/** Whether the request names the gateway's configured host or a loopback name (not a DNS-rebinding page's). */
export function knownHost(ctx: GatewayContext, request: FastifyRequest): boolean {
  const host = (request.headers.host ?? '').toLowerCase();
  return host === new URL(ctx.urls.gateway).host || LOOPBACK.has(hostName(host));
}

export function mockRouteRefusal(ctx: GatewayContext, request: FastifyRequest): { status: number; message: string } | null {
  const gateway = new URL(ctx.urls.gateway);
  if (!knownHost(ctx, request)) return { status: 403, message: 'Test routes answer only on the gateway host or loopback' };
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== gateway.origin) return { status: 403, message: 'Test routes refuse cross-site requests' };
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { status: 403, message: 'Test routes refuse cross-site requests' };
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (hasBody && type !== 'application/json') return { status: 415, message: 'Test routes accept application/json only' };
  return null;
}

/** The /__mock plugin's hook. */
export function guardMockRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.addHook('onRequest', async (request) => {
    const refusal = mockRouteRefusal(ctx, request);
    if (refusal) throw new ApiError(refusal.status, [{ property: '', message: refusal.message, params: [] }]);
  });
}
