/**
 * The hosted payment page on the gateway's origin (spec: POST /api/hosted-payment-page
 * answers `redirect_url` = {gateway}/hpp/{session_id}):
 *  - GET /hpp/{session_id}             the page (packages/hosted-page/dist/index.html) with the
 *                                      session id and the merchant's public client key as
 *                                      escaped meta tags, the session view (and saved
 *                                      cards) as a JSON data block, the merchant's colours,
 *                                      and what it needs of the texts in its language
 *                                      (http/hosted-page-document.ts); 404 (same page, no key)
 *                                      for a session that is not a hosted-page session
 *  - GET /hpp/assets/*                 its hashed scripts and styles
 *  - GET /hpp/{session_id}/return      the end of the checkout: success_url when the session
 *                                      completed, else error_url
 *  - GET /hpp/{session_id}/cancel      the Cancel control: cancel_url (success_url once paid)
 *  - (GET /api/sessions/{id}/saved-cards, the page's saved cards, is the API's: routes/saved-cards.ts)
 *
 * The two exits are plain links: the gateway, not the page script, decides where the shopper
 * goes and appends `transaction_id` (when there was an attempt) and `status` (that
 * transaction's status; CANCELED, EXPIRED or FAILED when there was none).
 *
 * CSP of the page: scripts and styles from 'self' only (no inline script at all), Trusted
 * Types with lit's policy only, API calls to 'self', frames and form posts to 'self' and the
 * ACS origin (3-D Secure method, challenge, form submit), never framed, nothing third-party.
 */
import { readFileSync } from 'node:fs';
import { hostedPageLocale } from '@payments/core';
import { documentCatalog, documentCatalogTag } from '../http/document-catalog';
import { documentTextsTag, firstViewModule, inlineStylesheet, noscriptIn, themeStyle, withFirstView, type FirstViewModule } from '../http/hosted-page-document';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gatewayPageTexts, resolveLocale, type LocaleTag, type SavedCardSummary } from '@payments/core';
import { acceptLanguages } from '../acs/shopper-locale';
import { findMerchant, type GatewayContext } from '../context';
import { escapeHtml, html, litDocumentCsp, scriptJson, sendPage } from '../http/html';
import { noStore } from '../http/no-store';
import { sendAsset, sendCompressed } from '../http/send-asset';
import type { SessionRecord, TransactionRecord } from '../store/records';
import { sessionStatus } from '../sessions/sessions';
import { bundlePaths } from '../bundles';

export interface HostedPageRouteOptions {
  /** The page template; defaults to the built dist/index.html (tests pass their own). */
  readDocument?: () => string;
  /** The hosted page's build (index.html, assets/); default: ../bundles.ts. */
  dist?: string;
  /** The first view's renderer; default: the build's dist/first-view.js (tests pass their own, or none). */
  firstViewModule?: (dist: string) => Promise<FirstViewModule | undefined>;
}

/** The hosted page's routes, in a plugin of their own: its documents embed their session (no-store). */
export function registerHostedPageRoutes(parent: FastifyInstance, ctx: GatewayContext, options: HostedPageRouteOptions = {}): void {
  parent.register(async (app) => {
    noStore(app);
    hostedPageRoutes(app, ctx, options);
  });
}

function hostedPageRoutes(app: FastifyInstance, ctx: GatewayContext, options: HostedPageRouteOptions): void {
  const dist = options.dist ?? bundlePaths().hostedPage;
  const readDocument = options.readDocument ?? (() => readFileSync(join(dist, 'index.html'), 'utf8'));

  app.get<{ Params: { '*': string } }>('/hpp/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: join(dist, 'assets'), file: request.params['*'], cache: 'immutable', sameOriginOnly: true }),
  );

  app.get<{ Params: { sessionId: string } }>('/hpp/:sessionId', async (request, reply) => {
    const { sessionId } = request.params;
    const record = await hostedSession(ctx, sessionId);
    const merchant = record ? findMerchant(ctx, record.merchant_id) : undefined;
    let template: string;
    try {
      template = readDocument();
    } catch {
      const lang = pageLocale(record, request);
      const t = gatewayPageTexts(lang);
      return sendPage(
        reply,
        { title: t.pageUnavailableTitle, lang, body: html`<main><div class="card"><h1>${t.pageUnavailableTitle}</h1><p>${t.pageUnavailableLine}</p></div></main>` },
        503,
      );
    }
    const meta: [string, string][] = [['hpp-session-id', sessionId]];
    if (record && merchant?.active) meta.push(['hpp-client-key', merchant.client_key]);
    const tags = meta.map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
    // What the page would fetch first, in the document: the checkout renders without a round trip.
    const data = record && merchant?.active ? await pageData(app, sessionId, merchant.client_key) : null;
    // The page's own rules for what else its document carries (the build's first-view.js; absent from an older build).
    const firstView = record?.kind === 'HPP' ? await (options.firstViewModule ?? firstViewModule)(dist) : undefined;
    const session = data && firstView ? sessionDocument(request, firstView, data.session) : undefined;
    if (data) tags.push(`<script type="application/json" id="hpp-data">${scriptJson(session ? { ...data, session: session.view } : data)}</script>`);
    let page = template;
    const styleHashes: string[] = [];
    const scriptHashes: string[] = [];
    if (session?.theme) {
      tags.push(session.theme.tag);
      styleHashes.push(session.theme.hash);
    }
    // The catalog and the page's texts the page will open in, and the first view (the shopper's earlier choice on this page is theirs alone: not known here).
    if (record?.kind === 'HPP') {
      const locale = hostedPageLocale(record.hpp?.language, merchant?.default_language);
      const drawn = await localeParts(request, { dist, page, locale, firstView, session, data, sessionId, gateway: ctx.urls.gateway });
      page = drawn.page;
      tags.push(...drawn.tags);
      styleHashes.push(...drawn.styleHashes);
      scriptHashes.push(...drawn.scriptHashes);
    }
    const inlined = inlineStylesheet(page, dist);
    page = inlined.html;
    styleHashes.push(...inlined.hashes);
    reply
      .code(meta.length === 2 ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', hostedPageCsp(ctx, { styleHashes, scriptHashes }))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .header('cross-origin-opener-policy', 'same-origin')
      .header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // The session's id, key and data are in it: never cached, compressed per request.
    return sendCompressed(request, reply, page.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`));
  });

  app.get<{ Params: { sessionId: string } }>('/hpp/:sessionId/return', async (request, reply) =>
    exit(ctx, request, reply, request.params.sessionId, 'return'),
  );
  app.get<{ Params: { sessionId: string } }>('/hpp/:sessionId/cancel', async (request, reply) =>
    exit(ctx, request, reply, request.params.sessionId, 'cancel'),
  );
}

/**
 * The session view and the customer's saved cards, exactly as GET /api/sessions/{id} and
 * /saved-cards answer the page's client key (asked in-process), for a data block in the
 * document (the session's payment methods then narrowed to those the page offers: sessionDocument). A data block is never executed: the CSP's script-src does not apply to it.
 */
async function pageData(app: FastifyInstance, sessionId: string, clientKey: string): Promise<Record<string, unknown> | null> {
  const headers = { 'x-client-key': clientKey, accept: 'application/json', 'user-agent': 'hosted-page' };
  const id = encodeURIComponent(sessionId);
  const session = await app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers });
  if (session.statusCode !== 200) return null;
  const view = session.json<{ status: string; hpp?: { customer_id?: string | null } | null }>();
  const data: Record<string, unknown> = { session: view };
  if (view.hpp?.customer_id && view.status === 'CREATED') {
    const cards = await app.inject({ method: 'GET', url: `/api/sessions/${id}/saved-cards`, headers });
    if (cards.statusCode === 200) data.saved_cards = cards.json<{ saved_cards: SavedCardSummary[] }>().saved_cards;
  }
  return data;
}

export function hostedPageCsp(ctx: GatewayContext, inline: { styleHashes?: string[]; scriptHashes?: string[] } = {}): string {
  // The challenge CReq and the form-submit step post to the ACS, which redirects back here.
  return litDocumentCsp(ctx.urls.acs, { formAction: `'self' ${ctx.urls.acs}`, frameAncestors: "'none'", ...inline });
}

/**
 * The parts of a hosted-page session's document in its language: the catalog (without the
 * sections its page never reads) and the page's texts as data blocks for the head, the line
 * for a browser without JavaScript, and the first view drawn into the page (not back from a
 * bank or a provider, `?transaction_id`: the page asks how it ended before it shows anything).
 */
async function localeParts(
  request: FastifyRequest,
  input: {
    dist: string;
    page: string;
    locale: LocaleTag;
    firstView: FirstViewModule | undefined;
    session: ReturnType<typeof sessionDocument>;
    data: Record<string, unknown> | null;
    sessionId: string;
    gateway: string;
  },
): Promise<{ page: string; tags: string[]; styleHashes: string[]; scriptHashes: string[] }> {
  const { locale, firstView, data } = input;
  const parts = { page: input.page, tags: [] as string[], styleHashes: [] as string[], scriptHashes: [] as string[] };
  const manifest = join(input.dist, 'manifest.json');
  const catalog = await documentCatalogTag(manifest, locale, { unused: input.session?.unusedSections ?? [] });
  if (catalog) parts.tags.push(catalog);
  if (!firstView) return parts;
  parts.tags.push(documentTextsTag(firstView, locale, input.session ? data?.session : undefined));
  parts.page = noscriptIn(parts.page, firstView, locale);
  const returning = Object.keys(request.query as object).some((key) => key === 'transaction_id' || key === 'status');
  const view =
    data && catalog && !returning
      ? drawFirstView(request, firstView, { sessionId: input.sessionId, data, locale, catalog: await documentCatalog(manifest, locale), origin: input.gateway })
      : undefined;
  if (view) {
    const drawn = withFirstView(parts.page, view, firstView.firstViewScript, locale);
    parts.page = drawn.html;
    parts.styleHashes.push(...drawn.styleHashes);
    parts.scriptHashes.push(...drawn.scriptHashes);
  }
  return parts;
}

/**
 * What the page's own rules make of the session for its document (first-view/session-document.ts
 * in the hosted page): the merchant's colours, the session view of the data block, the catalog
 * sections its page never reads. Undefined when the build's module fails on it: the document
 * then carries the session and its words whole, and the page its default colours.
 */
function sessionDocument(
  request: FastifyRequest,
  module: FirstViewModule,
  session: unknown,
): { theme: ReturnType<typeof themeStyle>; view: unknown; unusedSections: string[] } | undefined {
  try {
    return {
      theme: themeStyle(module, session),
      view: module.documentSession?.(session) ?? session,
      unusedSections: module.unusedCatalogSections?.(session) ?? [],
    };
  } catch (error) {
    request.log.warn({ err: error }, 'hosted page: the session could not be prepared for its document');
    return undefined;
  }
}

/** The first view of this session's checkout, or undefined (none to draw, or the renderer failed: the page then draws itself). */
function drawFirstView(
  request: FastifyRequest,
  module: FirstViewModule,
  input: { sessionId: string; data: Record<string, unknown>; locale: LocaleTag; catalog: unknown; origin: string },
): ReturnType<FirstViewModule['renderFirstView']> {
  try {
    return module.renderFirstView({
      sessionId: input.sessionId,
      session: input.data.session,
      savedCards: (input.data.saved_cards as SavedCardSummary[] | undefined) ?? [],
      locale: input.locale,
      catalog: input.catalog,
      origin: input.origin,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'hosted page: the first view could not be drawn; the page draws itself');
    return undefined;
  }
}

async function hostedSession(ctx: GatewayContext, id: string): Promise<SessionRecord | undefined> {
  const record = await ctx.store.session(id);
  return record?.kind === 'HPP' && record.hpp ? record : undefined;
}

/** Where the shopper leaves the page for, with transaction_id and status appended. */
export async function exitUrl(ctx: GatewayContext, record: SessionRecord, control: 'return' | 'cancel'): Promise<string> {
  const hpp = record.hpp!;
  const attempts = await ctx.store.transactions(record.transaction_ids);
  const status = await sessionStatus(ctx, record);
  let base: string;
  let transaction: TransactionRecord | undefined;
  let fallback: string;
  if (status === 'COMPLETED') {
    // Paid (or pending at a provider): Cancel can no longer undo it, so both exits go to success.
    base = hpp.success_url;
    transaction = attempts.find((t) => t.transaction.status === 'APPROVED' || t.transaction.status === 'PENDING');
    fallback = 'APPROVED';
  } else {
    base = control === 'cancel' ? hpp.cancel_url : hpp.error_url;
    transaction = attempts.at(-1);
    fallback = control === 'cancel' ? 'CANCELED' : status === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
  }
  const url = new URL(base);
  if (transaction) url.searchParams.set('transaction_id', transaction.transaction.id);
  url.searchParams.set('status', transaction?.transaction.status ?? fallback);
  return url.toString();
}

/** The language of the hosted page's own error pages: the session's, else the browser's. */
function pageLocale(record: SessionRecord | undefined, request: FastifyRequest): LocaleTag {
  return resolveLocale(undefined, [...(record?.hpp?.language ? [record.hpp.language] : []), ...acceptLanguages(request.headers['accept-language'])]);
}

async function exit(
  ctx: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  control: 'return' | 'cancel',
): Promise<FastifyReply> {
  const record = await hostedSession(ctx, sessionId);
  if (!record) {
    const lang = pageLocale(record, request);
    const t = gatewayPageTexts(lang);
    return sendPage(reply, { title: t.linkInvalidTitle, lang, body: html`<main><div class="card"><h1>${t.linkInvalidTitle}</h1><p>${t.linkInvalidLine}</p></div></main>` }, 404);
  }
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(await exitUrl(ctx, record, control), 303);
}
