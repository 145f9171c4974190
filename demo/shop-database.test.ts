/**
 * The shop's database with a real PGlite in a temporary directory: orders outlive a close
 * and reopen, a webhook delivery is applied once by its id (across a reopen too) in the same
 * transaction as its order change, the schema is versioned, and a directory has one user.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderBook, type NewOrder } from './backend/order-book';
import { openShopDatabase, type ShopDatabase } from './backend/shop-database';
import { WebhookInbox } from './backend/webhook-inbox';
import type { WebhookEventRecord } from './shared/api-types';

const SLOW = 60_000;
let dirs: string[] = [];
let open: ShopDatabase[] = [];

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
  dirs.push(dir);
  return dir;
}

async function openAt(dataDir?: string): Promise<{ database: ShopDatabase; orders: OrderBook; inbox: WebhookInbox }> {
  const database = await openShopDatabase(dataDir === undefined ? {} : { dataDir });
  open.push(database);
  return { database, orders: new OrderBook(database.db), inbox: new WebhookInbox(database.db) };
}

const ORDER: NewOrder = { reference: 'NW-TEST-1', channel: 'embedded', locale: 'sv-SE', amount: 4999, currency: 'EUR', sessionId: 'sess-1' };

function event(webhookId: string, status: string, extra: Partial<WebhookEventRecord> = {}): WebhookEventRecord {
  return {
    webhookId,
    attempt: 1,
    receivedAt: new Date().toISOString(),
    event: `transaction-svc:transaction:purchase:${status.toLowerCase()}`,
    transactionId: 'tx-1',
    reference: ORDER.reference,
    status,
    amount: 4999,
    currency: 'EUR',
    processingCode: status === 'APPROVED' ? '0000' : null,
    responseMessage: null,
    ...extra,
  };
}

/** The inbox's receive, applying the event to its order as the shop does. */
const receive = (store: { orders: OrderBook; inbox: WebhookInbox }, record: WebhookEventRecord) =>
  store.inbox.receive(record, (tx, e) => store.orders.applyEvent(tx, e));

// The first open on a machine makes PGlite's cluster template (seconds of CPU).
beforeAll(async () => {
  const { database } = await openAt();
  await database.close();
}, SLOW);

afterEach(async () => {
  await Promise.all(open.map((database) => database.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  open = [];
  dirs = [];
});

describe('the shop database', () => {
  it('keeps an order across a close and a reopen', async () => {
    const dir = newDir();
    const first = await openAt(dir);
    await first.orders.create(ORDER);
    await first.database.close();

    const again = await openAt(dir);
    const [order, ...others] = await again.orders.list();
    expect(others).toEqual([]);
    expect(order).toMatchObject({ reference: 'NW-TEST-1', channel: 'embedded', locale: 'sv-SE', amount: 4999, currency: 'EUR', status: null, updates: [] });
    expect(Date.parse(order!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  }, SLOW);

  it('applies a delivery once by its id, also when it comes again after a reopen, and a late PENDING does not undo APPROVED', async () => {
    const dir = newDir();
    const first = await openAt(dir);
    await first.orders.create(ORDER);
    expect(await receive(first, event('d-pending', 'PENDING'))).toBe(true);
    expect(await receive(first, event('d-approved', 'APPROVED'))).toBe(true);
    expect(await receive(first, event('d-approved', 'APPROVED', { attempt: 2 }))).toBe(false);
    await first.database.close();

    const again = await openAt(dir);
    // The gateway retries both after the restart: acknowledged as already processed.
    expect(await receive(again, event('d-pending', 'PENDING', { attempt: 3 }))).toBe(false);
    expect(await receive(again, event('d-approved', 'APPROVED', { attempt: 3 }))).toBe(false);
    const [order] = await again.orders.list();
    expect(order).toMatchObject({ status: 'APPROVED', transactionId: 'tx-1' });
    expect(order!.updates.map((update) => [update.webhookId, update.status])).toEqual([
      ['d-pending', 'PENDING'],
      ['d-approved', 'APPROVED'],
    ]);
    expect((await again.inbox.list()).map((e) => [e.webhookId, e.attempt])).toEqual([
      ['d-approved', 1],
      ['d-pending', 1],
    ]);

    // Another delivery saying PENDING (an earlier event retried late) is kept, but the order stays APPROVED.
    expect(await receive(again, event('d-pending-late', 'PENDING'))).toBe(true);
    expect((await again.orders.list())[0]).toMatchObject({ status: 'APPROVED' });
  }, SLOW);

  it('records nothing of a delivery whose change fails, so the retry applies it', async () => {
    const store = await openAt();
    await store.orders.create(ORDER);
    const failing = store.inbox.receive(event('d-1', 'APPROVED'), async (tx, e) => {
      await store.orders.applyEvent(tx, e);
      throw new Error('crash between the order change and the commit');
    });
    await expect(failing).rejects.toThrow(/crash/);
    expect(await store.inbox.list()).toEqual([]);
    expect((await store.orders.list())[0]).toMatchObject({ status: null, updates: [] });

    expect(await receive(store, event('d-1', 'APPROVED', { attempt: 2 }))).toBe(true);
    expect((await store.orders.list())[0]).toMatchObject({ status: 'APPROVED', updates: [{ webhookId: 'd-1' }] });
  }, SLOW);

  it('keeps events of no order of ours, and management events, in the log without touching an order', async () => {
    const store = await openAt();
    await store.orders.create(ORDER);
    expect(await receive(store, event('d-other', 'APPROVED', { reference: 'demo-elsewhere', transactionId: 'tx-9' }))).toBe(true);
    expect(await receive(store, event('d-refund', 'APPROVED', { event: 'transaction-svc:transaction:management:refund:approved' }))).toBe(true);
    expect(await receive(store, event('d-card', 'APPROVED', { event: 'tokenization-webhook:payment-method:tokenized', reference: null }))).toBe(true);
    expect((await store.orders.list())[0]).toMatchObject({ status: null, updates: [] });
    expect((await store.inbox.list()).map((e) => e.webhookId)).toEqual(['d-card', 'd-refund', 'd-other']);
    expect((await store.inbox.list('tx-9')).map((e) => e.webhookId)).toEqual(['d-other']);
  }, SLOW);

  it('lists the newest orders first', async () => {
    const store = await openAt();
    await store.orders.create(ORDER);
    await store.orders.create({ ...ORDER, reference: 'NW-TEST-2', channel: 'hosted', sessionId: 'hpp-2' });
    expect((await store.orders.list()).map((order) => [order.reference, order.channel])).toEqual([
      ['NW-TEST-2', 'hosted'],
      ['NW-TEST-1', 'embedded'],
    ]);
  }, SLOW);

  it('migrates once, refuses a newer schema, and keeps its temporary directory only while open', async () => {
    const dir = newDir();
    const first = await openAt(dir);
    await first.database.close();
    const again = await openAt(dir);
    expect((await again.database.db.query('SELECT version FROM schema_version')).rows).toEqual([{ version: 1 }]);
    await again.database.db.query('INSERT INTO schema_version (version) VALUES (99)');
    await again.database.close();
    await expect(openShopDatabase({ dataDir: dir })).rejects.toThrow(/schema version 99/);

    const temporary = await openAt();
    expect(existsSync(temporary.database.dataDir)).toBe(true);
    await temporary.database.close();
    expect(existsSync(temporary.database.dataDir)).toBe(false);
  }, SLOW);

  it('lets one shop at a time use a directory, takes over the lock of a process that is gone, and refuses a foreign directory', async () => {
    const dir = newDir();
    await openAt(dir);
    await expect(openShopDatabase({ dataDir: dir })).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
    await Promise.all(open.map((database) => database.close()));

    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dir, 'northwind-shop.lock'), String(gone));
    const after = await openAt(dir);
    expect(await after.orders.list()).toEqual([]);

    const foreign = newDir();
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    await expect(openShopDatabase({ dataDir: foreign })).rejects.toThrow(/not empty/);
  }, SLOW);
});
