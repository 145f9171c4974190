/**
 * What every answer and the store must satisfy, whatever was sent:
 *  - never a 5xx; a refusal is the spec's error body (`errors[{message, params, property}]`,
 *    `method`, `status` equal to the HTTP status), the edge's 403 with an empty body, or an
 *    authorization failure's JSON `{error}`; 400 only where documented (an invalid
 *    notification_url override, a body or URL that cannot be parsed at all);
 *  - a refused request changes nothing (store counts and webhook deliveries before = after);
 *  - every stored transaction is a well-formed DTO in a known status, nothing is charged twice
 *    for one reference, a final status never changes (except APPROVED → VOIDED by manage), and
 *    captures and refunds never exceed what they draw on.
 */
import { expect } from 'vitest';
import type { ApiErrorBody, Transaction, TransactionStatus } from '@payments/core';
import type { TransactionRecord } from '@payments/mock-gateway/testing';
import type { FuzzGateway } from './fixture';

export const KNOWN_STATUSES: readonly TransactionStatus[] = ['CREATED', 'PENDING', 'APPROVED', 'DECLINED', 'FAILED', 'CANCELED', 'EXPIRED', 'VOIDED'];
const FINAL: readonly TransactionStatus[] = ['APPROVED', 'DECLINED', 'FAILED', 'CANCELED', 'EXPIRED', 'VOIDED'];

/** The Transaction DTO's fields (spec: ExtendedTransactionDto), no more, no fewer. */
export const TRANSACTION_KEYS = [
  'id', 'merchant_id', 'order_id', 'terminal_id', 'reference', 'description', 'currency', 'amount', 'customer',
  'customer_ip', 'processing_result', 'approved', 'pending', 'channel', 'transaction_type', 'status', 'payment_method',
  'redirect_url', 'normalized_amount', 'errors', 'processing_code', 'response_message', 'data',
].sort();
export const CUSTOMER_KEYS = ['address', 'city', 'country', 'email', 'first_name', 'id', 'last_name', 'phone', 'postal_code'];
const PAYMENT_METHOD_KEYS = ['brand', 'hash', 'masked', 'method', 'token', 'type'];

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, unknown>;
}

/** Where a 400 is a documented answer for this request. */
export interface AnswerRules {
  /** The endpoint documents a 400 on this property (authorize: options.three_ds.notification_url). */
  badRequestProperty?: string;
  /** The route answers HTML pages (ACS, providers): 200, 303, 404 and 422 pages are fine. */
  html?: boolean;
  /** Path fuzzing: an unroutable path may be a 404 (spec body). */
  notFoundAllowed?: boolean;
}

/** Codes of a body or URL that could not be parsed at all: a 400/413/414/415 in the spec's shape. */
const UNPARSEABLE = ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_BAD_URL', 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_MAX_PARAM_LENGTH'];

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isSpecErrorBody(value: unknown, status: number): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    Array.isArray(body.errors) &&
    body.errors.length > 0 &&
    body.errors.every(
      (e: unknown) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as Record<string, unknown>).message === 'string' &&
        typeof (e as Record<string, unknown>).property === 'string' &&
        Array.isArray((e as Record<string, unknown>).params) &&
        ((e as Record<string, unknown>).params as unknown[]).every((p) => typeof p === 'string'),
    ) &&
    typeof body.method === 'string' &&
    body.status === status
  );
}

/** The answer is one the spec allows; throws (with the answer) otherwise. */
export function expectSafeAnswer(answer: Answer, rules: AnswerRules = {}): void {
  const describe = () => `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, `no 5xx, ever: ${describe()}`).toBeLessThan(500);
  expect(answer.status, describe()).toBeGreaterThanOrEqual(200);
  if (answer.status === 403) {
    // The edge: empty body. (403 insufficient_scope is JSON {error}; the suite's client has the scope.)
    if (answer.text !== '') expect(parseJson(answer.text), describe()).toMatchObject({ error: expect.any(String) });
    return;
  }
  if (answer.status === 401) {
    expect(parseJson(answer.text), describe()).toMatchObject({ error: expect.any(String) });
    return;
  }
  if (rules.html && (answer.status === 200 || answer.status === 303 || ((answer.status === 404 || answer.status === 422) && isHtml(answer)))) {
    if (isHtml(answer)) expect(String(answer.headers['content-security-policy'] ?? ''), 'pages carry a CSP').toContain("default-src 'none'");
    return;
  }
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.status !== 204) expect(parseJson(answer.text), `2xx is JSON: ${describe()}`).toBeDefined();
    return;
  }
  const errorBody = parseJson(answer.text);
  expect(isSpecErrorBody(errorBody, answer.status), `the spec's error body: ${describe()}`).toBe(true);
  const { errors } = errorBody as ApiErrorBody;
  if (answer.status === 422) return;
  const unparseable = errors.some((e) => e.params.some((p) => UNPARSEABLE.includes(p)));
  if (unparseable && [400, 413, 414, 415].includes(answer.status)) return;
  if (answer.status === 400 && rules.badRequestProperty && errors.every((e) => e.property === rules.badRequestProperty)) return;
  if (answer.status === 404 && (rules.notFoundAllowed || rules.html)) return;
  expect.fail(`an undocumented ${answer.status}: ${describe()}`);
}

function isHtml(answer: Answer): boolean {
  return String(answer.headers['content-type'] ?? '').startsWith('text/html');
}

export interface StoreSnapshot {
  transactions: number;
  sessions: number;
  customers: number;
  paymentMethods: number;
  tokens: number;
  deliveries: number;
  /** Per transaction: status, captured, refunded, updated_at: anything that moves it. */
  signatures: Map<string, string>;
  statuses: Map<string, TransactionStatus>;
  sessionIds: Set<string>;
}

export async function snapshot(fx: FuzzGateway): Promise<StoreSnapshot> {
  const { store } = fx.gw.ctx;
  const records = await store.list('transaction', 100_000);
  return {
    transactions: records.length,
    sessions: await store.count('session'),
    customers: await store.count('customer'),
    paymentMethods: await store.count('payment_method'),
    tokens: await store.count('token'),
    deliveries: fx.announcements(),
    signatures: new Map(records.map((r) => [r.transaction.id, signature(r)])),
    statuses: new Map(records.map((r) => [r.transaction.id, r.transaction.status])),
    sessionIds: new Set((await store.list('session', 100_000)).map((r) => r.session.id)),
  };
}

function signature(record: TransactionRecord): string {
  const saved = (record as TransactionRecord & { capture_closed?: boolean }).capture_closed === true;
  return `${record.transaction.status}|${record.captured_amount}|${record.refunded_amount}|${saved}|${record.updated_at}`;
}

/** A refused request created nothing and moved nothing. */
export function expectUnchanged(before: StoreSnapshot, after: StoreSnapshot, answer: Answer): void {
  const what = () => `after a refused request (${answer.status} ${answer.text.slice(0, 200)})`;
  const counts = (s: StoreSnapshot) => [s.transactions, s.sessions, s.customers, s.paymentMethods, s.deliveries];
  if (counts(after).some((n, i) => n !== counts(before)[i])) {
    expect(counts(after), `${what()}: transactions, sessions, customers, saved cards, webhooks`).toEqual(counts(before));
  }
  for (const [id, signature] of after.signatures) {
    if (before.signatures.get(id) !== signature) expect(signature, `${what()}: transaction ${id} moved`).toBe(before.signatures.get(id));
  }
}

/**
 * The store is consistent. Transactions new or moved since `previous` are checked in full
 * (well-formed DTO, final statuses unchanged, captures and refunds within bounds); "nothing
 * charged twice" is checked over the whole store.
 */
export async function expectConsistentStore(fx: FuzzGateway, previous?: StoreSnapshot): Promise<void> {
  const records = (await fx.gw.ctx.store.recentTransactions({ limit: 100_000 })).reverse();
  const live = new Map<string, string[]>();
  const children = new Map<string, TransactionRecord[]>();
  for (const record of records) {
    const tx = record.transaction;
    if (record.parent_id !== null) children.set(record.parent_id, [...(children.get(record.parent_id) ?? []), record]);
    if (record.parent_id === null && (tx.status === 'APPROVED' || tx.status === 'PENDING' || tx.status === 'VOIDED')) {
      const key = `${tx.terminal_id} ${tx.reference}`;
      live.set(key, [...(live.get(key) ?? []), tx.id]);
    }
  }
  for (const [key, ids] of live) expect(ids, `nothing charged twice for ${key}`).toHaveLength(1);

  for (const record of records) {
    const tx = record.transaction;
    const was = previous?.signatures.get(tx.id);
    if (was !== undefined && was === signature(record)) continue;
    expectWellFormedTransaction(tx);
    const wasStatus = previous?.statuses.get(tx.id);
    if (wasStatus && FINAL.includes(wasStatus) && wasStatus !== tx.status) {
      expect(`${wasStatus} → ${tx.status}`, `a final status never changes (${tx.id})`).toBe('APPROVED → VOIDED');
    }
    // Captures and refunds never draw more than there is (checked on the parent that moved).
    const approved = (children.get(tx.id) ?? []).filter((c) => c.transaction.status === 'APPROVED');
    const captured = sum(approved.filter((c) => c.transaction.transaction_type === 'CAPTURE'));
    const refunded = sum(approved.filter((c) => c.transaction.transaction_type === 'REFUND'));
    expect(captured, `captured ≤ authorized (${tx.id})`).toBeLessThanOrEqual(tx.amount);
    expect(refunded, `refunded ≤ amount (${tx.id})`).toBeLessThanOrEqual(tx.amount);
    expect(record.captured_amount).toBe(captured);
    expect(record.refunded_amount).toBeLessThanOrEqual(tx.transaction_type === 'AUTHORIZE' ? record.captured_amount : tx.amount);
  }
  for (const session of await fx.gw.ctx.store.list('session', 100_000)) {
    if (previous?.sessionIds.has(session.session.id)) continue;
    expect(Number.isSafeInteger(session.session.amount) && session.session.amount > 0).toBe(true);
    if (session.session.customer) expect(Object.keys(session.session.customer).sort(), 'session customer fields').toEqual(CUSTOMER_KEYS);
    if (session.hpp) expect([null, 'en-US', 'bs-BA', 'ro-RO', 'sv-SE'], 'hosted page language').toContain(session.hpp.language);
  }
}

export function expectWellFormedTransaction(tx: Transaction): void {
  expect(Object.keys(tx).sort(), `transaction ${tx.id} has exactly the DTO's fields`).toEqual(TRANSACTION_KEYS);
  expect(KNOWN_STATUSES).toContain(tx.status);
  expect(Number.isSafeInteger(tx.amount) && tx.amount > 0, `amount ${tx.amount}`).toBe(true);
  expect(tx.normalized_amount).toBe(tx.amount);
  expect(tx.currency).toMatch(/^[A-Z]{3}$/);
  expect(tx.approved).toBe(tx.status === 'APPROVED');
  expect(tx.pending).toBe(tx.status === 'PENDING');
  expect(Object.keys(tx.customer).sort(), `customer of ${tx.id} has exactly the spec's fields`).toEqual(CUSTOMER_KEYS);
  for (const key of Object.keys(tx.payment_method)) expect(PAYMENT_METHOD_KEYS).toContain(key);
}

function sum(records: { transaction: { amount: number } }[]): number {
  return records.reduce((total, r) => total + r.transaction.amount, 0);
}
