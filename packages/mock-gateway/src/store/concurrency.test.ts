/**
 * What the event loop used to guarantee, the store guarantees: requests that arrive together
 * (and interleave at every await of an asynchronous store) still charge a reference once, pay
 * a session once, stop at the attempt cap and never refund more than was paid. Runs on the
 * memory store, on a memory store whose every read takes a real turn of the event loop (as a
 * database's does: without the units of work's locks, these tests fail on it), and on the
 * embedded one with GATEWAY_TEST_STORE=embedded.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { testGateway, type TestGateway } from '../test-harness';
import type { Backend, BackendReader, BackendTransaction } from './backend';
import { MemoryBackend } from './memory-backend';
import { Store } from './store';
import { cardAuthorizeBody, encryptedCard, uniqueReference } from '../test-payments';

const CLIENT_KEY = { 'x-client-key': 'test-client-key' };
const TIMES = 50;

interface Execution {
  result: { id: string; status: string } | null;
}

/** Every read waits for a timer first, so concurrent requests interleave at each of them. */
function slowReads<T extends BackendReader>(inner: T): T {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'transaction') {
        return (locks: readonly string[], work: (tx: BackendTransaction) => Promise<unknown>) =>
          (target as unknown as Backend).transaction(locks, (tx) => work(slowReads(tx)));
      }
      if (!['get', 'find', 'list'].includes(String(property))) return value.bind(target);
      return async (...args: unknown[]) => {
        await sleep(1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

let t: TestGateway;
let auth: Record<string, string>;

for (const variant of ['the test store', 'a memory store with slow reads'] as const) {
describe(`${TIMES} requests at once, on ${variant}`, () => {
beforeEach(async () => {
  t = await testGateway(variant === 'the test store' ? {} : { store: new Store(slowReads(new MemoryBackend())) });
  auth = await t.auth();
});
afterEach(() => t.close());

async function transactionsOf(reference: string) {
  return t.gw.ctx.store.recentTransactions({ reference, limit: 1_000 });
}

async function openSession(metadata: Record<string, string> = {}): Promise<string> {
  const reply = await t.call<{ id: string }>(
    'POST',
    '/api/sessions',
    { terminal_id: 'TERM00001', reference: uniqueReference('session'), description: 'Order', currency: 'EUR', amount: 2500, transaction_type: 'PURCHASE', return_url: 'http://localhost:5173/done', metadata },
    auth,
  );
  return reply.body.id;
}

  it('with one terminal and reference: exactly one transaction, the same answer to all', { timeout: 120_000 }, async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000002' });
    const replies = await Promise.all(Array.from({ length: TIMES }, () => t.call<Execution>('POST', '/api/transactions/authorize', body, auth)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(replies.map((r) => r.body.result?.id));
    expect(ids.size).toBe(1);
    expect(await transactionsOf(body.reference as string)).toHaveLength(1);
  });

  it('on one session: exactly one payment', { timeout: 120_000 }, async () => {
    const sessionId = await openSession();
    const data = await encryptedCard(t, { number: '4000000000000002' });
    const body = { session_id: sessionId, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data } };
    const replies = await Promise.all(Array.from({ length: TIMES }, () => t.call<Execution>('POST', '/api/transactions/authorize', body, CLIENT_KEY)));
    expect(new Set(replies.map((r) => r.body.result?.id)).size).toBe(1);
    const session = await t.gw.ctx.store.session(sessionId);
    expect(session?.transaction_ids).toHaveLength(1);
    expect(await transactionsOf(session!.session.reference)).toHaveLength(1);
  });

  it('declined on one session: never more attempts than the cap (10)', { timeout: 120_000 }, async () => {
    const sessionId = await openSession({ response_code: 'TRX_STATUS_DECLINED' });
    const data = await encryptedCard(t, { number: '4111111111111111' });
    const body = { session_id: sessionId, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data } };
    const replies = await Promise.all(Array.from({ length: 30 }, () => t.call<Execution>('POST', '/api/transactions/authorize', body, CLIENT_KEY)));
    const session = await t.gw.ctx.store.session(sessionId);
    expect(session?.transaction_ids).toHaveLength(10);
    expect(replies.filter((r) => r.status === 422)).toHaveLength(20);
  });

  it('refunds of one purchase: never more than was paid', { timeout: 120_000 }, async () => {
    const paid = await t.call<Execution>('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }, { amount: 10_000 }), auth);
    const original = (await t.gw.ctx.store.transaction(paid.body.result!.id))!.transaction;
    const refund = { terminal_id: 'TERM00001', transaction_type: 'REFUND', reference: original.reference, amount: 1_000, currency: 'EUR' };
    const replies = await Promise.all(Array.from({ length: 25 }, () => t.call<{ status: string }>('POST', '/api/transactions/manage', refund, auth)));
    expect(replies.filter((r) => r.status === 200 && r.body.status === 'APPROVED')).toHaveLength(10);
    expect((await t.gw.ctx.store.transaction(original.id))!.refunded_amount).toBe(10_000);
  });
});
}
