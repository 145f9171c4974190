/**
 * Payment sessions: POST /api/sessions (Embedded Fields) and POST /api/hosted-payment-page,
 * plus GET /api/sessions/{id}, which the frames and the hosted page read (our addition).
 *
 * Decided where the spec is silent (README): a session lives `session_lifetime_s` (30 min);
 * using it later answers 422 with processing code 1005. A reference is unique per terminal:
 * asking again with the same reference, amount and currency while the first session is
 * open returns it; anything else with that reference is a 422. `metadata` is accepted and
 * carried into the session's transactions, so tests can drive the simulators.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { PROCESSING_CODES, type PaymentSession } from '@payments/core';
import type { TerminalConfig } from '../config';
import { findMerchant, type GatewayContext } from '../context';
import { invalid } from '../api-error';
import { sessionReferenceLock } from '../store/locks';
import type { SessionRecord } from '../store/records';
import { customerFields } from '../payments/build';
import { requireCustomer } from '../customers/customer-binding';
import { originatorUrl as resolveOriginator, resolveTerminal } from '../payments/terminal';
import { authenticate } from './auth';
import { createHostedPageSchema, createSessionSchema, getSessionSchema, type HostedPageBody, type SessionOrder } from './schemas/sessions';

/** The hosted page's `language` values: the spec's names, plus locale tags and ISO codes. */
export const HPP_LANGUAGES: Record<string, string> = {
  english: 'en-US',
  en: 'en-US',
  'en-us': 'en-US',
  bosanski: 'bs-BA',
  bs: 'bs-BA',
  'bs-ba': 'bs-BA',
  romana: 'ro-RO',
  'română': 'ro-RO',
  ro: 'ro-RO',
  'ro-ro': 'ro-RO',
  svenska: 'sv-SE',
  sv: 'sv-SE',
  'sv-se': 'sv-SE',
};

/**
 * The locale for a hosted page `language` value, or undefined. An own-key lookup: "__proto__"
 * or "constructor" are not languages (hostile suite regression: they used to be accepted and
 * stored Object.prototype or the Object function as the page's language).
 */
export function hppLanguage(value: string): string | undefined {
  const key = value.toLowerCase();
  return Object.hasOwn(HPP_LANGUAGES, key) ? HPP_LANGUAGES[key] : undefined;
}

export function registerSessionRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/api/sessions', { schema: createSessionSchema }, async (request) => {
    const { merchantId } = await authenticate(ctx, request);
    const body = request.body;
    if (body.customer?.id) await requireCustomer(ctx, merchantId, body.customer.id, 'customer.id');
    const record = await openSession(ctx, merchantId, body, {
      kind: 'EMBEDDED_FIELDS',
      returnUrl: body.return_url,
      country: body.country ?? null,
      hpp: null,
      cvvLess: isTrue(body.options?.cvv_less),
    });
    return record.session;
  });

  app.post('/api/hosted-payment-page', { schema: createHostedPageSchema }, async (request) => {
    const { merchantId } = await authenticate(ctx, request);
    const body = request.body;
    const language = body.language === undefined ? null : hppLanguage(body.language);
    if (language === undefined) {
      throw invalid('language', 'must be one of English, Bosanski, Romana, Svenska', [body.language ?? '']);
    }
    if (body.customer_id) await requireCustomer(ctx, merchantId, body.customer_id, 'customer_id');
    if (body.customer?.id && body.customer.id !== body.customer_id) {
      throw invalid('customer.id', 'must be the customer_id of the page', [body.customer.id]);
    }
    const record = await openSession(ctx, merchantId, body, {
      kind: 'HPP',
      returnUrl: body.success_url,
      country: null,
      hpp: {
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        error_url: body.error_url,
        language,
        options: normalizeHppOptions(body.options ?? {}),
        customer_id: body.customer_id ?? null,
      },
      cvvLess: false,
    });
    return {
      redirect_url: `${ctx.urls.gateway}/hpp/${record.session.id}`,
      session_id: record.session.id,
      expires_at: new Date(record.expires_at_ms).toISOString(),
    };
  });

  /** What a browser needs to render a checkout for the session; never secrets. */
  app.get('/api/sessions/:id', { schema: getSessionSchema }, async (request) => {
    const { merchantId } = await authenticate(ctx, request, { clientKey: true });
    const record = await findSession(ctx, merchantId, request.params.id);
    const merchant = findMerchant(ctx, merchantId)!;
    const terminal = ctx.config.terminals.find((t) => t.id === record.session.terminal_id);
    return {
      ...record.session,
      status: await sessionStatus(ctx, record),
      kind: record.kind,
      expires_at: new Date(record.expires_at_ms).toISOString(),
      merchant: { name: merchant.name, branding: merchant.branding, default_language: merchant.default_language },
      payment_methods: terminal?.payment_methods ?? [],
      hpp: record.hpp && { language: record.hpp.language, options: record.hpp.options, customer_id: record.hpp.customer_id },
    };
  });
}

/** A new session, or the open one this (terminal, reference) already has for the same order. */
async function openSession(
  ctx: GatewayContext,
  merchantId: string,
  body: SessionOrder,
  shape: { kind: SessionRecord['kind']; returnUrl: string; country: string | null; hpp: SessionRecord['hpp']; cvvLess: boolean },
): Promise<SessionRecord> {
  const { terminal } = resolveTerminal(ctx, merchantId, body.terminal_id);
  return ctx.store.atomic([sessionReferenceLock(terminal.id, body.reference)], async () => {
    const existing = await ctx.store.sessionByReference(terminal.id, body.reference);
    if (existing) {
      const same = existing.session.amount === body.amount && existing.session.currency === body.currency && existing.kind === shape.kind;
      if (same && (await sessionStatus(ctx, existing)) === 'CREATED') return existing;
      throw invalid('reference', 'A session with this reference already exists on the terminal', [body.reference]);
    }
    const record = newSession(ctx, merchantId, terminal, body, shape);
    ctx.store.put('session', record);
    return record;
  });
}

function newSession(
  ctx: GatewayContext,
  merchantId: string,
  terminal: TerminalConfig,
  body: SessionOrder,
  shape: { kind: SessionRecord['kind']; returnUrl: string; country: string | null; hpp: SessionRecord['hpp']; cvvLess: boolean },
): SessionRecord {
  const now = ctx.clock.now();
  const session: PaymentSession = {
    id: randomUUID(),
    terminal_id: terminal.id,
    reference: body.reference,
    description: body.description,
    currency: body.currency,
    amount: body.amount,
    return_url: shape.returnUrl,
    customer: body.customer ? customerFields(body.customer) : null,
    country: shape.country,
    status: 'CREATED',
    transaction_type: body.transaction_type,
  };
  const record: SessionRecord = {
    session,
    kind: shape.kind,
    merchant_id: merchantId,
    originator_url: resolveOriginator(terminal, body.originator_url),
    metadata: body.metadata ?? {},
    created_at_ms: now,
    expires_at_ms: now + ctx.config.session_lifetime_s * 1000,
    transaction_ids: [],
    hpp: shape.hpp,
  };
  if (shape.kind === 'EMBEDDED_FIELDS') record.cvv_less = shape.cvvLess;
  return record;
}

function normalizeHppOptions(options: NonNullable<HostedPageBody['options']>): NonNullable<SessionRecord['hpp']>['options'] {
  const bool = isTrue;
  const counts = options.number_of_instalments;
  const out: NonNullable<SessionRecord['hpp']>['options'] = {
    skip_three_ds: bool(options.skip_three_ds),
    cvv_less: bool(options.cvv_less),
  };
  if (counts !== undefined) {
    // A single number N offers 1..N instalments; a list offers exactly those counts.
    out.number_of_instalments = Array.isArray(counts)
      ? [...new Set(counts)].sort((a, b) => a - b)
      : Array.from({ length: Number(counts) }, (_, i) => i + 1);
  }
  return out;
}

function isTrue(value: boolean | string | undefined): boolean {
  return value === true || value === 'true';
}

/** CREATED, COMPLETED (a transaction approved or pending at a provider) or EXPIRED. */
export async function sessionStatus(ctx: GatewayContext, record: SessionRecord): Promise<PaymentSession['status']> {
  const attempts = await ctx.store.transactions(record.transaction_ids);
  const done = attempts.some(({ transaction: { status } }) => status === 'APPROVED' || status === 'PENDING');
  if (done) return 'COMPLETED';
  return ctx.clock.now() >= record.expires_at_ms ? 'EXPIRED' : 'CREATED';
}

export async function findSession(ctx: GatewayContext, merchantId: string, id: string): Promise<SessionRecord> {
  const record = await ctx.store.session(id);
  if (!record || record.merchant_id !== merchantId) throw invalid('session_id', 'Unknown session', [id]);
  return record;
}

/** A session a payment can still be attempted in; expired is the spec's code 1005. */
export async function liveSession(ctx: GatewayContext, merchantId: string, id: string): Promise<SessionRecord> {
  const record = await findSession(ctx, merchantId, id);
  if ((await sessionStatus(ctx, record)) === 'EXPIRED') {
    throw invalid('session_id', 'The session has expired', [id], PROCESSING_CODES.SESSION_EXPIRED);
  }
  return record;
}

/** Where the shopper returns after leaving for a redirect or a full-page step. */
export function sessionReturnUrls(ctx: GatewayContext, record: SessionRecord): { success: string; error: string; cancel: string } {
  if (record.kind === 'HPP') {
    // Back to the hosted page, which shows the outcome and then sends the shopper on.
    const page = `${ctx.urls.gateway}/hpp/${record.session.id}`;
    return { success: page, error: page, cancel: page };
  }
  return { success: record.session.return_url, error: record.session.return_url, cancel: record.session.return_url };
}
