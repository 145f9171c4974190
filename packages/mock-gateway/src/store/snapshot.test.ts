/**
 * Snapshots (README, "Snapshots"): a gateway with a customer and a saved card is exported with
 * `mock-gateway snapshot export FILE`, and two fresh gateways (memory store) started with
 * `--snapshot FILE` each pay with that card, under the same payment_method.hash.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../server';
import type { StoredDelivery } from './delivery-queue';
import { MemoryBackend } from './memory-backend';
import { exportSnapshot, importSnapshot } from './snapshot';
import { Store } from './store';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gateway-snapshot-'));
const running: RunningGateway[] = [];
afterAll(async () => {
  await Promise.all(running.map((g) => g.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: { snapshot?: string } = {}): Promise<RunningGateway> {
  const gateway = await startGateway({ port: 0, ...options });
  running.push(gateway);
  return gateway;
}

async function call<T>(gateway: RunningGateway, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: { 'user-agent': 'snapshot-test', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function bearer(gateway: RunningGateway): Promise<Record<string, string>> {
  const response = await fetch(`${gateway.url}/oauth/token`, {
    method: 'POST',
    headers: { 'user-agent': 'snapshot-test', 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
  });
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

async function encrypter(gateway: RunningGateway, auth: Record<string, string>) {
  const { public_key: key } = (await call<{ public_key: string }>(gateway, 'GET', '/api/encryption-key', undefined, auth)).body;
  return (value: string) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
}

interface Execution {
  result: { status: string; payment_method: { hash: string | null; token: string | null } } | null;
}

function payment(reference: string, paymentMethod: unknown, customerId: string) {
  return {
    reference,
    terminal_id: 'TERM00001',
    description: 'Snapshot',
    currency: 'EUR',
    amount: 1500,
    transaction_type: 'PURCHASE',
    return_url: 'http://localhost:5173/return',
    browser_info: TEST_BROWSER_INFO,
    customer: { id: customerId },
    payment_method: paymentMethod,
  };
}

// Its own store, whatever GATEWAY_TEST_STORE says: run once, in the memory run.
describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('snapshots', () => {
  it('a customer and a saved card exported once pay in two fresh gateways', { timeout: 120_000 }, async () => {
    const source = await start();
    const auth = await bearer(source);
    const encrypt = await encrypter(source, auth);
    const customer = (await call<{ id: string }>(source, 'POST', '/api/customers', { email: 'seed@example.com' }, auth)).body;
    const card = { encrypted_card_number: encrypt('4000000000000002'), encrypted_expiration_month: encrypt('12'), encrypted_expiration_year: encrypt('2035'), encrypted_cvv: encrypt('123') };
    const saved = await call<Execution>(source, 'POST', '/api/transactions/authorize', { ...payment('seed', { type: 'card', data: card }, customer.id), tokenization: { save_card_for_future_payments: true } }, auth);
    const token = saved.body.result!.payment_method.token!;
    const hash = saved.body.result!.payment_method.hash;

    const file = join(dir, 'seed.ndjson');
    // Asynchronously: the gateway it exports answers from this process.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, 'snapshot', 'export', file, '--gateway', source.url]);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind?: string; record?: { key?: string } });
    expect(lines[0]).toMatchObject({ format: 'mock-gateway-snapshot', counts: { customer: 1, payment_method: 1 } });
    expect(lines.some((l) => l.kind === 'setting' && l.record?.key === 'clock-offset-ms')).toBe(false);

    for (const name of ['worker-1', 'worker-2']) {
      const fresh = await start({ snapshot: file });
      const freshAuth = await bearer(fresh);
      const cvv = (await encrypter(fresh, freshAuth))('123');
      const paid = await call<Execution>(fresh, 'POST', '/api/transactions/authorize', payment(name, { type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: cvv } }, customer.id), freshAuth);
      expect(paid.body.result, name).toMatchObject({ status: 'APPROVED', payment_method: { token, hash } });
    }
  });

  it('refuses a file that is not a snapshot, and a store that already has records', async () => {
    const bogus = join(dir, 'bogus.ndjson');
    writeFileSync(bogus, '{"hello":"world"}\n');
    await expect(start({ snapshot: bogus })).rejects.toThrow(/not a mock-gateway snapshot/);

    const seeded = new Store(new MemoryBackend());
    await seeded.atomic([], async () => seeded.put('customer', { id: 'cus_1', merchant_id: 'MERCHANT0001', email: 'a@example.com', first_name: null, last_name: null, phone: null, description: null, type: null, address: null, city: null, country: null, postal_code: null, region: null }));
    const header = JSON.stringify({ format: 'mock-gateway-snapshot', schema: 1, exported_at: new Date().toISOString(), counts: {} });
    const empty = join(dir, 'empty.ndjson');
    writeFileSync(empty, `${header}\n`);
    await expect(startGateway({ port: 0, store: seeded, snapshot: empty })).rejects.toThrow(/already has customer records/);
  });

  it('carries the webhook deliveries, unleased, and takes a file of schema 2 (deliveries written by 8529a26)', async () => {
    const rows = (JSON.parse(readFileSync(new URL('./fixtures/deliveries-schema-2.json', import.meta.url), 'utf8')) as { rows: { doc: string }[] }).rows;
    const old = rows.map((row) => JSON.parse(row.doc) as StoredDelivery & { due_at: number | null });
    const header = JSON.stringify({ format: 'mock-gateway-snapshot', schema: 2, exported_at: new Date().toISOString(), counts: { delivery: old.length } });
    const schema2 = join(dir, 'schema-2.ndjson');
    writeFileSync(schema2, `${[header, ...old.map((record) => JSON.stringify({ kind: 'delivery', record }))].join('\n')}\n`);
    const first = new Store(new MemoryBackend());
    expect(await importSnapshot(first, schema2)).toEqual({ delivery: old.length });
    const schedule = (d: StoredDelivery) => [d.delivery.id, d.delivery.state, d.delivery.attempts.length, d.raw_body, d.run_at, d.locked_by];
    const imported = (await first.deliveries.list({ limit: 100 })).reverse();
    const due = (o: (typeof old)[number]) => (o.delivery.state === 'pending' ? (o.due_at ?? Date.parse(o.delivery.created_at)) : null);
    expect(imported.map(schedule)).toEqual(old.map((o) => [o.delivery.id, o.delivery.state, o.delivery.attempts.length, o.raw_body, due(o), null]));

    await first.deliveries.claim({ owner: 'exporter', now: Number.MAX_SAFE_INTEGER, wallNow: Date.now(), leaseMs: 15_000, limit: 10 });
    let exported = '';
    for await (const line of exportSnapshot(first)) exported += line;
    const again = join(dir, 'deliveries.ndjson');
    writeFileSync(again, exported);
    const second = new Store(new MemoryBackend());
    await importSnapshot(second, again);
    expect((await second.deliveries.list({ limit: 100 })).reverse().map(schedule)).toEqual(imported.map(schedule)); // the exporter's leases stay behind
  });
});
