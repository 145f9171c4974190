/**
 * The shop's security headers: a Content-Security-Policy that embeds the gateway's script the
 * way a merchant must (script and frames from the gateway origin, the issuer's ACS origin for
 * 3-D Secure frames and forms), no inline script or style anywhere, and the usual hardening.
 */
import type { FastifyInstance } from 'fastify';

export interface PolicyOrigins {
  /** The gateway origin, e.g. http://127.0.0.1:4010: embedded-fields.js and its frames. */
  gateway: string;
  /** The ACS (issuer) origin, e.g. http://127.0.0.1:4011: challenge frames, redirect and form-submit pages. */
  acs: string;
}

/** The CSP of every page the shop serves. */
export function contentSecurityPolicy({ gateway, acs }: PolicyOrigins): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${gateway}`,
    `frame-src ${gateway} ${acs}`,
    "connect-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${gateway} data:`,
    `form-action 'self' ${acs} ${gateway}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Adds the headers to every response of `app` (pages, scripts and API answers alike). */
export function registerSecurityHeaders(app: FastifyInstance, origins: PolicyOrigins): void {
  const csp = contentSecurityPolicy(origins);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** The pages a shopper opens; the API and the webhook receiver answer on any host. */
const PAGES = new Set(['/', '/return']);

/**
 * Sends a shopper who opened a page on another host name (127.0.0.1:5173) to the shop's
 * public origin (localhost:5173): the terminal's website, where the gateway's 3-D Secure
 * frames post their answer. A page on another origin would never hear it.
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: () => string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !PAGES.has(request.url.split('?')[0]!)) return;
    const canonical = new URL(publicUrl());
    if (request.headers.host === canonical.host) return;
    return reply.redirect(`${canonical.origin}${request.url}`, 307);
  });
}
