/**
 * U+0000 (which jsonb and Postgres text refuse) and U+0001 in a transaction survive the trip
 * through every engine, in the record and in the columns a list filters by.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testStore } from '../test-support/test-stores';
import { jsonForJsonb, jsonFromJsonb, textForColumn } from './jsonb-text';
import { MemoryBackend } from './memory-backend';
import { seedRecord } from './seed-transactions';
import { Store } from './store';

const AWKWARD = ['a\u0000b', '\u0001', '\u00010', 'x\\u0000y', '\\\u0000', 'plain', 'č🚀'];

describe('jsonb text', () => {
  it('round-trips every awkward string, in values and keys', () => {
    const value = { list: AWKWARD, ...Object.fromEntries(AWKWARD.map((s, i) => [s, i])) };
    const json = JSON.stringify(value);
    const stored = jsonForJsonb(json);
    const nuls: string[] = [];
    JSON.parse(stored, (key: string, v: unknown) => {
      for (const text of [key, v]) if (typeof text === 'string' && text.includes('\u0000')) nuls.push(text);
      return v;
    });
    expect(nuls).toEqual([]);
    expect(JSON.parse(jsonFromJsonb(stored))).toEqual(value);
    expect(new Set(AWKWARD.map((s) => textForColumn(s))).size).toBe(AWKWARD.length);
    for (const s of AWKWARD) expect(textForColumn(s)).not.toContain('\u0000');
  });
});

describe('a transaction with U+0000 in its input', { timeout: 120_000 }, () => {
  let store: Store;
  afterAll(() => store?.close());

  it('is stored, read back whole, and found by its reference', async () => {
    store = (await testStore()) ?? new Store(new MemoryBackend());
    const record = seedRecord({ id: 'nul-1', status: 'DECLINED', type: 'PURCHASE', createdAt: '2026-11-28T10:00:00.000Z', reference: 'ord\u0000er' });
    record.metadata = { 'k\u0000ey': 'va\u0000l\u0001ue', backslash: 'x\\u0000y' };
    await store.atomic([], async () => store.putTransaction(record));
    expect(await store.transaction('nul-1')).toEqual(record);
    const page = await store.merchantTransactions({ merchantId: 'MERCHANT0001', reference: 'ord\u0000er', limit: 10 });
    expect(page.transactions).toEqual([record]);
    expect((await store.merchantTransactions({ merchantId: 'MERCHANT0001', reference: 'ord\u00010er', limit: 10 })).transactions).toEqual([]);
  });
});
