/**
 * Payment sessions (Embedded Fields) and hosted pages: opening one (a reference is unique per
 * terminal; the same order again while the first is open returns it), its status (CREATED,
 * COMPLETED, EXPIRED after `session_lifetime_s`), finding it for its merchant, and where the
 * shopper returns from it.
 */
import { randomUUID } from 'node:crypto';
import { PROCESSING_CODES, type PaymentSession } from '@payments/core';
import type { TerminalConfig } from '../config';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { sessionReferenceLock } from '../store/locks';
import type { SessionRecord } from '../store/records';
import { customerFields } from '../payments/build';
import { originatorUrl as resolveOriginator, resolveTerminal } from '../payments/terminal';
import type { HostedPageBody, SessionOrder } from '../routes/schemas/sessions';

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

/** A new session, or the open one this (terminal, reference) already has for the same order. */
export async function openSession(
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

export function normalizeHppOptions(options: NonNullable<HostedPageBody['options']>): NonNullable<SessionRecord['hpp']>['options'] {
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

export function isTrue(value: boolean | string | undefined): boolean {
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
