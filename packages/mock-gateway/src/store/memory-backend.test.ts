import { describe, expect, it } from 'vitest';
import { MemoryBackend } from './memory-backend';

/** Index keys as record-kinds.ts makes them (JSON arrays); the records are only carried. */
const customer = (id: string, merchant: string) => ({ id, merchant_id: merchant, name: id }) as never;
const keys = (merchant: string) => ({ merchant: JSON.stringify([merchant]) });

describe('MemoryBackend', () => {
  it('finds by index newest first, and forgets a record under the key it moved away from', async () => {
    const backend = new MemoryBackend();
    await backend.put('customer', 'c1', customer('c1', 'm1'), keys('m1'));
    await backend.put('customer', 'c2', customer('c2', 'm1'), keys('m1'));
    await backend.put('customer', 'c3', customer('c3', 'm2'), keys('m2'));
    expect((await backend.find('customer', 'merchant', JSON.stringify(['m1']), 10)).map((c: { id: string }) => c.id)).toEqual(['c2', 'c1']);
    await backend.put('customer', 'c1', customer('c1', 'm2'), keys('m2'));
    expect((await backend.find('customer', 'merchant', JSON.stringify(['m1']), 10)).map((c: { id: string }) => c.id)).toEqual(['c2']);
    // A record keeps its place in insertion order when it changes.
    expect((await backend.find('customer', 'merchant', JSON.stringify(['m2']), 10)).map((c: { id: string }) => c.id)).toEqual(['c3', 'c1']);
    expect((await backend.list('customer', 10)).map((c: { id: string }) => c.id)).toEqual(['c3', 'c2', 'c1']);
    expect(await backend.count('customer')).toBe(3);
  });

  it('answers each record once after it moved away from a key and back, and after many moves', async () => {
    const backend = new MemoryBackend();
    for (let i = 0; i < 100; i++) await backend.put('customer', 'c1', customer('c1', i % 2 ? 'm2' : 'm1'), keys(i % 2 ? 'm2' : 'm1'));
    expect((await backend.find('customer', 'merchant', JSON.stringify(['m2']), 10)).map((c: { id: string }) => c.id)).toEqual(['c1']);
    expect(await backend.find('customer', 'merchant', JSON.stringify(['m1']), 10)).toEqual([]);
  });

  it('forgets a deleted record everywhere, and every record on truncate', async () => {
    const backend = new MemoryBackend();
    await backend.put('customer', 'c1', customer('c1', 'm1'), keys('m1'));
    await backend.put('customer', 'c2', customer('c2', 'm1'), keys('m1'));
    await backend.delete('customer', 'c1');
    expect(await backend.get('customer', 'c1')).toBeUndefined();
    expect((await backend.find('customer', 'merchant', JSON.stringify(['m1']), 10)).map((c: { id: string }) => c.id)).toEqual(['c2']);
    expect((await backend.list('customer', 10)).map((c: { id: string }) => c.id)).toEqual(['c2']);
    expect(await backend.count('customer')).toBe(1);
    await backend.truncate(['customer']);
    expect(await backend.list('customer', 10)).toEqual([]);
  });

  it('reads a fresh copy each time', async () => {
    const backend = new MemoryBackend();
    await backend.put('customer', 'c1', customer('c1', 'm1'), keys('m1'));
    const first = (await backend.get('customer', 'c1')) as unknown as { name: string };
    first.name = 'changed';
    expect(((await backend.get('customer', 'c1')) as unknown as { name: string }).name).toBe('c1');
  });
});
