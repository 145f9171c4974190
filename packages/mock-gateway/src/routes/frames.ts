/**
 * The secure frames' documents, from the gateway's origin: GET /frames/card?session_id&
 * client_key&locale&parent_origin (card, saved card) and /frames/apm (alternative methods,
 * redirect factories). The gateway knows the session's merchant origin (originator_url, else
 * the terminal's website) and allows exactly that origin to frame the document
 * (frame-ancestors) and to talk to it: the script names its page's origin in `parent_origin`,
 * which must be that one (else the session is refused), and the frame's penpal pins it. The
 * document is then the same for every session of that locale, compressed once at brotli's
 * highest level; only its CSP header is the session's. A 1.0 script sends no
 * `parent_origin`: its document carries the origin in a meta tag, compressed per request.
 *
 * CSP: scripts and styles from 'self' only, Trusted Types enforced (lit's policy only),
 * API calls to 'self', the 3-D Secure method iframe and its form to the ACS origin.
 *
 * `script=inline` (today's script, when the card is mounted before its preload frame has put the
 * frame's entry in the cache): the entry written into the document (http/inline-entry.ts).
 * `config` (a new card's configuration, which today's script sends with `script=inline`): the
 * form drawn into the document, its ready report posted before the module runs
 * (http/card-first-view-document.ts).
 *
 * GET /frames/preload: what embedded-fields.js opens, unseen, as soon as it loads, so that a
 * mount finds the gateway site's renderer started and the card frame's script in the HTTP
 * cache of the frames' partition (a merchant page's own fetch would land in another
 * partition). No session: it runs the card frame's script, which draws a form once and
 * removes it (embedded-fields' secure/rehearsal.ts), so that process has the form's code
 * compiled and its fonts found before a mount.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { blankDocumentCsp, escapeHtml, litDocumentCsp, originOf, preloadDocumentCsp } from '../http/html';
import { sendAsset, sendCompressed } from '../http/send-asset';
import { documentCatalogTag } from '../http/document-catalog';
import { inlineEntry } from '../http/inline-entry';
import { cardFirstViewDocument } from '../http/card-first-view-document';
import { viteManifest } from '../http/vite-manifest';
import { isLocaleTag } from '@payments/core';
import { sessionStatus } from '../sessions/sessions';
import { bundlePaths } from '../bundles';

export interface FrameRouteOptions {
  /** Serve /frames/blank, an empty document of the gateway's origin: the bench's floor (`--blank-frame`). */
  blankFrame?: boolean;
}

/** `embeddedFieldsDir`: the Embedded Fields build whose frame/ is served (../bundles.ts). */
export function registerFrameRoutes(
  app: FastifyInstance,
  ctx: GatewayContext,
  embeddedFieldsDir = bundlePaths().embeddedFields,
  { blankFrame = false }: FrameRouteOptions = {},
): void {
  const frameDir = join(embeddedFieldsDir, 'frame');

  // /frames/card: card and saved-card; /frames/apm: alternative methods and the redirect factories.
  const documents = [['/frames/card', 'card'], ['/frames/apm', 'apm']] as const;
  for (const [path, frame] of documents) app.get<{ Querystring: { session_id?: string; client_key?: string; locale?: string; parent_origin?: string; script?: string; config?: string } }>(path, async (request, reply) => {
    const { session_id: sessionId = '', client_key: clientKey = '', locale, parent_origin: claimedParent, script, config } = request.query;
    const merchant = ctx.config.merchants.find((m) => m.client_key === clientKey && m.active);
    const session = await ctx.store.session(sessionId);
    if (!merchant || !session || session.merchant_id !== merchant.id || (await sessionStatus(ctx, session)) === 'EXPIRED') {
      return refusedDocument(request, reply);
    }
    const parent = originOf(session.originator_url);
    // A page that is not the session's merchant (or a session without one) frames nothing.
    if (!parent || parent === 'null' || (claimedParent !== undefined && claimedParent !== parent)) return refusedDocument(request, reply);
    // `script=inline`: the entry written into the document (http/inline-entry.ts), for a mount that finds it in no cache.
    const built = await localeDocument(frameDir, frame, locale, script === 'inline' && claimedParent !== undefined);
    if (!built) return reply.code(503).send({ error: 'bundle_not_built', error_description: 'Run pnpm build.' });
    // `config` (a new card's form, mounted as the script loads): the form drawn into the document (http/card-first-view-document.ts).
    const drawn = frame === 'card' && claimedParent !== undefined && typeof config === 'string' ? await cardFirstViewDocument(frameDir, built, locale, config, sessionId) : undefined;
    if (drawn) return frameDocument(request, reply, parent, drawn.html, ctx, drawn.key, drawn.scriptHashes, drawn.styleHashes);
    // Today's script: the document of the locale as built (compressed once, `reuse`). A 1.0
    // script: the merchant origin written into it, compressed for this request.
    const document =
      claimedParent === undefined
        ? built.html.replace('</head>', `  <meta name="ef-parent-origin" content="${escapeHtml(parent)}" />\n  </head>`)
        : built.html;
    const reuse = claimedParent === undefined ? undefined : built.key;
    return frameDocument(request, reply, parent, document, ctx, reuse, built.scriptHashes);
  });

  // An empty document from the same origin: the floor any framed checkout pays (bench
  // baseline), with the headers every frame document has; only when the bench asks for it.
  if (blankFrame) {
    app.get('/frames/blank', async (request, reply) => {
      sendFrameHeaders(reply, blankDocumentCsp());
      return sendCompressed(request, reply, '<!doctype html><html lang="en"><title>blank</title></html>');
    });
  }

  app.get('/frames/preload', async (request, reply) => {
    const document = await preloadDocument(frameDir);
    if (!document) return reply.code(503).send({ error: 'bundle_not_built', error_description: 'Run pnpm build.' });
    return sendCompressed(
      request,
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', preloadDocumentCsp())
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        // It names the build's entry: fresh as long as /embedded-fields.js is.
        .header('cache-control', 'public, max-age=300'),
      document.html,
      document.key,
    );
  });

  // Content-hashed names: a new build is a new URL.
  app.get<{ Params: { '*': string } }>('/frames/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: join(frameDir, 'assets'), file: request.params['*'], cache: 'immutable', sameOriginOnly: true }),
  );
}

/** Catalog sections no code of the card frame reads (embedded-fields' src/secure: only the APM frame and the hosted page do). */
const CARD_FRAME_UNUSED_SECTIONS = ['alternativeMethods', 'hostedPage'];

/** Each frame's document per locale (and with its entry inline or not), with that locale's catalog: read once per build (a rebuild has a new mtime). */
const localeDocuments = new Map<string, { html: string; scriptHashes: string[] }>();

async function localeDocument(
  frameDir: string,
  frame: string,
  locale: string | undefined,
  inline: boolean,
): Promise<{ html: string; key: string; scriptHashes: string[] } | undefined> {
  const file = join(frameDir, `${frame}.html`);
  const built = statSync(file, { throwIfNoEntry: false });
  if (!built) return undefined;
  // The host says which locale the frame opens in: its catalog comes in the document.
  const tag = isLocaleTag(locale) ? locale : undefined;
  const key = `${file}:${built.mtimeMs}:${tag ?? ''}:${inline ? 'inline' : ''}`;
  let document = localeDocuments.get(key);
  if (document === undefined) {
    let html = readFileSync(file, 'utf8');
    // The card frame never shows the payment-method list's words nor the hosted page's.
    const unused = frame === 'card' ? CARD_FRAME_UNUSED_SECTIONS : [];
    const catalog = tag ? await documentCatalogTag(join(frameDir, `${frame}.manifest.json`), tag, { unused }) : '';
    if (catalog) html = html.replace('</head>', `  ${catalog}\n  </head>`);
    const inlined = inline ? inlineEntry(html, frameDir) : undefined;
    document = inlined ? { html: inlined.html, scriptHashes: inlined.hashes } : { html, scriptHashes: [] };
    if (localeDocuments.size >= 64) localeDocuments.clear(); // rebuilds while running: never unbounded
    if (catalog || !tag) localeDocuments.set(key, document); // a catalog that failed to load is tried again
  }
  return { ...document, key };
}

/**
 * /frames/preload: the card frame's script and the en-US catalog's words that a default form
 * shows (http/document-catalog.ts, rehearsalCatalog), marked for the rehearsal
 * (secure/rehearsal.ts). Any page may frame it: no session, nothing to answer, and the
 * rehearsal leaves the document empty.
 */
async function preloadDocument(frameDir: string): Promise<{ html: string; key: string } | undefined> {
  const entry = cardFrameEntry(frameDir);
  if (!entry) return undefined;
  const catalog = await documentCatalogTag(join(frameDir, 'card.manifest.json'), 'en-US', { rehearsal: true });
  return {
    html: `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="ef-rehearsal"><title>Secure card payment</title>${catalog}<script type="module" src="/frames/${entry}"></script></html>`,
    key: `preload:${entry}:${catalog ? 'catalog' : ''}`,
  };
}

/** The card frame's entry script (assets/card-<hash>.js), from the build's manifest. */
function cardFrameEntry(frameDir: string): string | undefined {
  return viteManifest(join(frameDir, 'card.manifest.json'))?.['card.html']?.file;
}

/** What a session's merchant may frame: `parent` only (frame-ancestors). */
function frameDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  parent: string,
  document: string,
  ctx: GatewayContext,
  reuse: string | undefined,
  scriptHashes: string[],
  styleHashes: string[] = [],
): FastifyReply {
  const acs = ctx.urls.acs;
  // The 3-D Secure method iframe goes to the ACS, then lands on our own notification URL.
  sendFrameHeaders(reply, litDocumentCsp(acs, { formAction: acs || "'none'", frameAncestors: parent, scriptHashes, styleHashes }));
  // Per-session CSP: never cached. The body: compressed once per locale (`reuse`), or per request.
  return sendCompressed(request, reply, document, reuse);
}

/** Nobody may frame it: the host's handshake times out and reports frame_load_failed. */
function refusedDocument(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  sendFrameHeaders(reply, litDocumentCsp('', { formAction: "'none'", frameAncestors: "'none'" }));
  return sendCompressed(request, reply, '<!doctype html><html lang="en"><title>Secure card payment</title><p>This payment session is not valid.</p></html>');
}

function sendFrameHeaders(reply: FastifyReply, csp: string): void {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('cross-origin-opener-policy', 'same-origin');
}
