/**
 * The secure frames' documents, from the gateway's origin: GET /frames/card?session_id&
 * client_key (card, saved card) and /frames/apm (alternative methods, redirect factories).
 * The gateway knows the session's merchant origin (originator_url, else the terminal's
 * website) and allows exactly that origin to frame the document (frame-ancestors) and to
 * talk to it (a meta tag the frame's penpal pins).
 *
 * CSP: scripts and styles from 'self' only, Trusted Types enforced (lit's policy only),
 * API calls to 'self', the 3-D Secure method iframe and its form to the ACS origin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { escapeHtml, litDocumentCsp, originOf } from '../http/html';
import { sendAsset, sendCompressed } from '../http/send-asset';
import { documentCatalogTag } from '../http/document-catalog';
import { isLocaleTag } from '@payments/core';
import { sessionStatus } from './sessions';
import { bundlePaths } from '../bundles';

/** `embeddedFieldsDir`: the Embedded Fields build whose frame/ is served (../bundles.ts). */
export function registerFrameRoutes(app: FastifyInstance, ctx: GatewayContext, embeddedFieldsDir = bundlePaths().embeddedFields): void {
  const frameDir = join(embeddedFieldsDir, 'frame');

  // /frames/card: card and saved-card; /frames/apm: alternative methods and the redirect factories.
  const documents = [['/frames/card', 'card'], ['/frames/apm', 'apm']] as const;
  for (const [path, frame] of documents) app.get<{ Querystring: { session_id?: string; client_key?: string; locale?: string } }>(path, async (request, reply) => {
    const { session_id: sessionId = '', client_key: clientKey = '', locale } = request.query;
    const merchant = ctx.config.merchants.find((m) => m.client_key === clientKey && m.active);
    const session = ctx.store.sessions.get(sessionId);
    if (!merchant || !session || session.merchant_id !== merchant.id || sessionStatus(ctx, session) === 'EXPIRED') {
      // Nobody may frame it: the host's handshake times out and reports frame_load_failed.
      return frameDocument(request, reply, '', "'none'", 'This payment session is not valid.');
    }
    const parent = originOf(session.originator_url);
    let document: string;
    try {
      document = readFileSync(join(frameDir, `${frame}.html`), 'utf8');
    } catch {
      return reply.code(503).send({ error: 'bundle_not_built', error_description: 'Run pnpm build.' });
    }
    // The host says which locale the frame opens in: its catalog comes in the document.
    const catalog = isLocaleTag(locale) ? await documentCatalogTag(join(frameDir, `${frame}.manifest.json`), locale) : '';
    if (catalog) document = document.replace('</head>', `  ${catalog}\n  </head>`);
    return frameDocument(request, reply, parent, parent, document, ctx);
  });

  // An empty document from the same origin: the floor any framed checkout pays (bench baseline).
  app.get('/frames/blank', async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'no-store')
      .send('<!doctype html><title>blank</title>'),
  );

  // Content-hashed names: a new build is a new URL.
  app.get<{ Params: { '*': string } }>('/frames/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: join(frameDir, 'assets'), file: request.params['*'], cache: 'immutable', sameOriginOnly: true }),
  );
}

function frameDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  parentOrigin: string,
  ancestors: string,
  document: string,
  ctx?: GatewayContext,
): FastifyReply {
  const html = parentOrigin
    ? document.replace('</head>', `  <meta name="ef-parent-origin" content="${escapeHtml(parentOrigin)}" />\n  </head>`)
    : `<!doctype html><html lang="en"><title>Secure card payment</title><p>${escapeHtml(document)}</p></html>`;
  const acs = ctx?.urls.acs ?? '';
  // The 3-D Secure method iframe goes to the ACS, then lands on our own notification URL.
  const csp = litDocumentCsp(acs, { formAction: acs || "'none'", frameAncestors: ancestors });
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('cross-origin-opener-policy', 'same-origin');
  // Per-session CSP and parent origin: never cached, compressed per request.
  return sendCompressed(request, reply, html);
}
