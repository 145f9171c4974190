/**
 * Every list complete (issue 46): GET /dashboard/api/transactions answers each filter and any
 * combination of them from the store, newest first, and pages with `before=` through every
 * transaction, each once. Run on each engine (GATEWAY_TEST_STORE=embedded|postgres, and memory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTransactions, type SeedSpec } from '../store/seed-transactions';
import { testGateway, type TestGateway } from '../test-harness';
import { dashboard } from './dashboard-test-kit';

interface Listed {
  id: string;
  status: string;
  type: string;
  created_at: string;
}
interface Page {
  transactions: Listed[];
  older: string | null;
}

const YESTERDAY = Date.UTC(2026, 10, 27, 12, 0, 0);
const TODAY = Date.UTC(2026, 10, 28, 8, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();

async function list(t: TestGateway, query: Record<string, string>): Promise<Page> {
  const reply = await dashboard(t, 'GET', `/dashboard/api/transactions?${new URLSearchParams(query)}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return reply.json as unknown as Page;
}

/** Every page of a list, following `older`: the ids in the order seen. */
async function everyPage(t: TestGateway, query: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 1_000; pages++) {
    const page = await list(t, { ...query, ...(before ? { before } : {}) });
    seen.push(...page.transactions.map((tx) => tx.id));
    before = page.older;
    if (!before) return seen;
  }
  throw new Error('more than 1,000 pages');
}

describe('the transactions list: each filter and any combination, from the store', { timeout: 240_000 }, () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await testGateway();
    const specs: SeedSpec[] = [{ id: 'declined-purchase', status: 'DECLINED', type: 'PURCHASE', createdAt: at(YESTERDAY) }];
    for (let i = 0; i < 410; i++) specs.push({ id: `auth-${String(i).padStart(4, '0')}`, status: 'DECLINED', type: 'AUTHORIZE', createdAt: at(TODAY + i * 1000) });
    for (let i = 0; i < 450; i++) specs.push({ id: `buy-${String(i).padStart(4, '0')}`, status: 'APPROVED', type: 'PURCHASE', createdAt: at(TODAY + 500_000 + i * 1000) });
    // Another merchant's declined purchase, the same day: never in MERCHANT0001's lists.
    specs.push({ id: 'other-merchant', merchantId: 'MERCHANT0002', status: 'DECLINED', type: 'PURCHASE', createdAt: at(YESTERDAY + 1000) });
    await seedTransactions(t.gw.ctx.store, specs);
  }, 240_000);
  afterAll(() => t?.close());

  const merchant = { merchant: 'MERCHANT0001' };
  const yesterday = { from: at(YESTERDAY - 12 * 3_600_000), to: at(YESTERDAY + 11 * 3_600_000) };

  it('finds the declined purchase behind 410 declined authorizations and 450 approved purchases: by status and type', async () => {
    const page = await list(t, { ...merchant, status: 'DECLINED', type: 'PURCHASE' });
    expect(page.transactions.map((tx) => tx.id)).toEqual(['declined-purchase']);
    expect(page.older).toBeNull();
  });

  it('… by a date range alone', async () => {
    expect((await list(t, { ...merchant, ...yesterday })).transactions.map((tx) => tx.id)).toEqual(['declined-purchase']);
  });

  it('… by status, type and date range', async () => {
    expect((await list(t, { ...merchant, status: 'DECLINED', type: 'PURCHASE', ...yesterday })).transactions.map((tx) => tx.id)).toEqual(['declined-purchase']);
    expect((await list(t, { ...merchant, status: 'APPROVED', type: 'PURCHASE', ...yesterday })).transactions).toEqual([]);
  });

  it('answers newest first, a full page at a time, and says where the older ones start', async () => {
    const page = await list(t, { ...merchant, status: 'DECLINED', limit: '500' });
    expect(page.transactions).toHaveLength(411);
    expect(page.transactions[0]!.id).toBe('auth-0409');
    expect(page.transactions.at(-1)!.id).toBe('declined-purchase');
    const first = await list(t, { ...merchant, limit: '100' });
    expect(first.transactions.map((tx) => tx.id).slice(0, 2)).toEqual(['buy-0449', 'buy-0448']);
    expect(first.older).toEqual(expect.any(String));
    const second = await list(t, { ...merchant, limit: '100', before: first.older! });
    expect(second.transactions[0]!.id).toBe('buy-0349');
  });

  it('takes dates beyond the years a database keeps (a range, a cursor) as the nearest it keeps', async () => {
    const wide = { from: '-100000-01-01T00:00:00Z', to: '+100000-01-01T00:00:00Z' };
    expect((await list(t, { ...merchant, status: 'DECLINED', type: 'PURCHASE', ...wide })).transactions.map((tx) => tx.id)).toEqual(['declined-purchase']);
    const future = Buffer.from(JSON.stringify(['+100000-01-01T00:00:00.000Z', 'z'])).toString('base64url');
    expect((await list(t, { ...merchant, status: 'DECLINED', type: 'PURCHASE', before: future })).transactions.map((tx) => tx.id)).toEqual(['declined-purchase']);
    const past = Buffer.from(JSON.stringify(['-100000-01-01T00:00:00.000Z', 'a'])).toString('base64url');
    expect((await list(t, { ...merchant, before: past })).transactions).toEqual([]);
  });

  it('refuses a cursor it did not write, with a 422 naming it', async () => {
    for (const before of ['nonsense', Buffer.from('["yesterday","x"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
      const reply = await dashboard(t, 'GET', `/dashboard/api/transactions?merchant=MERCHANT0001&before=${before}`);
      expect(reply.status).toBe(422);
      expect(JSON.stringify(reply.json)).toContain('before');
    }
  });

  it('lists a transaction whose status changed under its new status only', async () => {
    const store = t.gw.ctx.store;
    await store.atomic([], async () => {
      const record = (await store.transaction('auth-0000'))!;
      record.transaction.status = 'APPROVED';
      store.putTransaction(record);
    });
    const ids = async (query: Record<string, string>) => (await list(t, { ...merchant, type: 'AUTHORIZE', limit: '500', ...query })).transactions.map((tx) => tx.id);
    expect(await ids({ status: 'APPROVED' })).toEqual(['auth-0000']);
    expect(await ids({ status: 'DECLINED' })).toHaveLength(409);
  });
});

describe('paging through 1,200 transactions', { timeout: 240_000 }, () => {
  let t: TestGateway;
  const specs: SeedSpec[] = [];
  beforeAll(async () => {
    t = await testGateway();
    const statuses = ['APPROVED', 'DECLINED', 'PENDING'];
    const types = ['PURCHASE', 'AUTHORIZE', 'PAYOUT', 'REFUND'];
    for (let i = 0; i < 1_200; i++) {
      // Three transactions a second: pages must break ties on the id, and never lose one.
      specs.push({
        id: `tx-${(i * 7919) % 1_200}`,
        status: statuses[i % 3]!,
        type: types[i % 4]!,
        createdAt: at(TODAY + Math.floor(i / 3) * 1000),
        last4: i % 5 === 0 ? '0002' : '1111',
        customerId: i % 6 === 0 ? 'cust-1' : null,
      });
    }
    await seedTransactions(t.gw.ctx.store, specs);
  }, 240_000);
  afterAll(() => t?.close());

  const cases: [string, Record<string, string>, (s: SeedSpec) => boolean][] = [
    ['no filter', {}, () => true],
    ['status', { status: 'APPROVED' }, (s) => s.status === 'APPROVED'],
    ['type and card', { type: 'PURCHASE', last4: '0002' }, (s) => s.type === 'PURCHASE' && s.last4 === '0002'],
    ['customer', { customer: 'cust-1' }, (s) => s.customerId === 'cust-1'],
    ['date range and status', { from: at(TODAY + 100_000), to: at(TODAY + 300_000), status: 'DECLINED' }, (s) => s.status === 'DECLINED' && Date.parse(s.createdAt) >= TODAY + 100_000 && Date.parse(s.createdAt) <= TODAY + 300_000],
  ];

  for (const [name, filter, keep] of cases) {
    it(`each once, newest first: ${name}`, async () => {
      const expected = specs
        .filter(keep)
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1))
        .map((s) => s.id);
      expect(expected.length).toBeGreaterThan(20);
      const seen = await everyPage(t, { merchant: 'MERCHANT0001', limit: '37', ...filter });
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(seen.length);
    });
  }
});
