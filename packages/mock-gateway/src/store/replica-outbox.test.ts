/**
 * The outbox of gateway processes on one Postgres (issue #46): real `mock-gateway
 * --database-url` processes, both running their outbox. Each due delivery is claimed and sent
 * by one of them; a replica killed with SIGKILL while its attempt is on the wire (holding the
 * delivery's lease) has the delivery taken over by the other once the lease has run out, under
 * its original id and JWT `jti`, and the merchant's later deliveries follow it in order.
 * Runs with GATEWAY_TEST_STORE=postgres (pnpm test:postgres-store), skipped otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_BROWSER_INFO } from '@payments/core';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_LEASE_MS } from '../webhooks/webhook-outbox';
import { freshDatabase } from './fresh-database';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const onPostgres = process.env.GATEWAY_TEST_STORE === 'postgres' && process.env.GATEWAY_TEST_DATABASE_URL !== undefined;
const UA = { 'user-agent': 'replica-outbox-test' };

interface Hit {
  id: string;
  jti: string;
  attempt: string;
  at: number;
  status: number | 'held';
}

/** A merchant's webhook endpoint: `answer(n)` for the n-th request (0-based), 'hold' to never answer it. */
async function startReceiver(answer: (n: number) => number | 'hold') {
  const hits: Hit[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const jwt = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const { jti } = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString() || '{}') as { jti?: string };
      const status = answer(hits.length);
      hits.push({ id: String(request.headers['x-webhook-id']), jti: jti ?? '', attempt: String(request.headers['x-webhook-attempt']), at: Date.now(), status: status === 'hold' ? 'held' : status });
      if (status === 'hold') held.push(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const processes: ChildProcess[] = [];
afterEach(() => {
  for (const child of processes.splice(0)) child.kill('SIGKILL');
});

/** A replica: the CLI on the shared database, posting webhooks to `webhookUrl`. */
function startReplica(databaseUrl: string, webhookUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const flags = ['--port', '0', '--database-url', databaseUrl, '--webhook-url', webhookUrl, '--webhook-retry-base-ms', '300', '--no-build'];
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`gateway exited (${code}):\n${output}`)));
  });
}

/** One approved frictionless purchase through `base`; answers its transaction id. */
async function pay(base: string): Promise<string> {
  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { method, headers: { ...UA, 'content-type': 'application/json', ...headers }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return (await response.json()) as T;
  };
  const tokenResponse = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { ...UA, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };
  const key = await call<{ public_key: string }>('GET', '/api/encryption-key', undefined, auth);
  const encrypt = (value: string) => publicEncrypt({ key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
  const card = { encrypted_card_number: encrypt('4000000000000002'), encrypted_expiration_month: encrypt('12'), encrypted_expiration_year: encrypt(String(new Date().getFullYear() + 2)), encrypted_cvv: encrypt('123') };
  const body = { terminal_id: 'TERM00001', reference: `outbox-${Math.random()}`, description: 'Replica outbox', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE', return_url: 'http://localhost:5173/return', browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data: card } };
  const reply = await call<{ result?: { id: string; status: string } }>('POST', '/api/transactions/authorize', body, auth);
  expect(reply.result?.status, JSON.stringify(reply)).toBe('APPROVED');
  return reply.result!.id;
}

async function deliveries(base: string): Promise<{ id: string; state: string }[]> {
  const response = await fetch(`${base}/__mock/webhooks`, { headers: UA });
  return ((await response.json()) as { deliveries: { id: string; state: string }[] }).deliveries;
}

/** Who holds a delivery's lease (`host:pid:…`) and since when (ms, the gateways' clock). */
async function leaseOf(databaseUrl: string, id: string): Promise<{ holder: string; since: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const row = (await client.query<{ locked_by: string; locked_at: Date }>('SELECT locked_by, locked_at FROM webhook_deliveries WHERE id = $1', [id])).rows[0];
    return { holder: String(row?.locked_by), since: row?.locked_at.getTime() ?? Number.NaN };
  } finally {
    await client.end();
  }
}

const duplicates = (hits: Hit[]) => {
  const seen = new Set<string>();
  return hits.filter((h) => h.status !== 'held').map((h) => `${h.id}#${h.attempt}`).filter((key) => seen.has(key) || !seen.add(key));
};

describe.skipIf(!onPostgres)('the outbox of two gateway processes on one Postgres', { timeout: 240_000 }, () => {
  it('sends each due delivery once while both replicas run their outbox: each attempt claimed by one of them', async () => {
    const databaseUrl = await freshDatabase('gateway_outbox_claims');
    const receiver = await startReceiver((n) => (n < 16 ? 500 : 200)); // the first attempts fail: the retries fall due in both replicas
    const [a, b] = [await startReplica(databaseUrl, receiver.url), await startReplica(databaseUrl, receiver.url)];
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await pay((i % 2 === 0 ? a : b).url));
    await expect.poll(async () => (await deliveries(a.url)).every((d) => d.state === 'delivered') && receiver.hits.filter((h) => h.status === 200).length >= 12, { timeout: 90_000 }).toBe(true);
    const delivered = await deliveries(b.url);
    expect(duplicates(receiver.hits)).toEqual([]);
    expect(receiver.hits.filter((h) => h.status === 200).map((h) => h.id).sort()).toEqual(delivered.map((d) => d.id).sort());
    expect(receiver.hits.every((h) => h.jti === h.id)).toBe(true);
    await receiver.close();
  });

  it('takes over what a replica killed with SIGKILL held, once its lease has run out, under the original jti, in the merchant’s order', async () => {
    const databaseUrl = await freshDatabase('gateway_outbox_takeover');
    let holding = true;
    const receiver = await startReceiver(() => (holding ? 'hold' : 200));
    const replicas = [await startReplica(databaseUrl, receiver.url), await startReplica(databaseUrl, receiver.url)];
    await pay(replicas[0]!.url); // one of them claims the delivery and sends it: the receiver holds the attempt
    await expect.poll(() => receiver.hits.length, { timeout: 30_000 }).toBe(1);
    const [onTheWire] = receiver.hits;
    // The lease's holder, as `locked_by` names it (host:pid:…), dies at once (an attempt times out after 5 s).
    const { holder, since } = await leaseOf(databaseUrl, onTheWire!.id);
    const a = replicas.find((r) => holder.split(':')[1] === String(r.child.pid))!;
    const b = replicas.find((r) => r !== a)!;
    a.child.kill('SIGKILL');
    await pay(b.url); // the merchant's next delivery: it waits for the first one's first attempt
    holding = false;
    await expect.poll(async () => (await deliveries(b.url)).map((d) => d.state), { timeout: WEBHOOK_LEASE_MS + 60_000 }).toEqual(['delivered', 'delivered']);
    const [first, second] = await deliveries(b.url);
    const after = receiver.hits.slice(1);
    expect(after.map((h) => h.id), JSON.stringify({ hits: receiver.hits, first: first!.id })).toEqual([first!.id, second!.id]);
    expect(after[0]).toMatchObject({ id: onTheWire!.id, jti: onTheWire!.id, attempt: '1', status: 200 });
    // Not before the lease ran out, counted from A's claim (its locked_at; A's attempt reaches
    // the receiver some time after it, over a second on a loaded machine). The gateways' clock
    // is this machine's (the sandbox clock was not moved); 50 ms for the two clocks' reading.
    expect(after[0]!.at - since).toBeGreaterThanOrEqual(WEBHOOK_LEASE_MS - 50);
    await receiver.close();
  });
});
