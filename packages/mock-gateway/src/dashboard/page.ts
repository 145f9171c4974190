/**
 * The dashboard's document and assets (the lit page built from packages/mock-gateway/dashboard):
 *  - GET /dashboard (and /dashboard/) the page: its own scripts and styles only, Trusted Types
 *    with lit's policy only, fetches and server-sent events to the gateway itself, never framed,
 *    no form posts anywhere; whoever is looking, the page asks /dashboard/api/me.
 *  - GET /dashboard/assets/*          its hashed scripts and styles (a year's cache)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { html, sendPage } from '../http/html';
import { sendAsset, sendCompressed } from '../http/send-asset';

export function dashboardCsp(): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');
}

export function registerDashboardPage(app: FastifyInstance, dist: string): void {
  app.get<{ Params: { '*': string } }>('/dashboard/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: join(dist, 'assets'), file: request.params['*'], cache: 'immutable', sameOriginOnly: true }),
  );
  for (const path of ['/dashboard', '/dashboard/']) {
    app.get(path, async (request, reply) => {
      let document: string;
      try {
        document = readFileSync(join(dist, 'index.html'), 'utf8');
      } catch {
        return sendPage(
          reply,
          {
            title: 'Dashboard not built',
            body: html`<main><div class="card"><h1>Dashboard not built</h1><p>Run <code>pnpm --filter @payments/mock-gateway build:dashboard</code> and reload.</p></div></main>`,
          },
          503,
        );
      }
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', dashboardCsp())
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .header('cross-origin-opener-policy', 'same-origin');
      return sendCompressed(request, reply, document);
    });
  }
}
