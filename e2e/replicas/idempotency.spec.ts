/**
 * The spec's idempotency across replicas: 50 simultaneous authorizes with one terminal and
 * reference, and 50 simultaneous payments of one session, spread by the balancer over both
 * replicas, create exactly one transaction each time (database locks, not a process's).
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { expect, test } from '@payments/testing/playwright';
import { authorizeBody } from './order';
import { replicas } from './sandbox-control';

const TIMES = 50;

async function authorizeLines(): Promise<Record<string, number>> {
  const all = await replicas();
  return Object.fromEntries(all.map((r) => [r.name, r.log.filter((line) => line.includes(' POST /api/transactions/authorize ')).length]));
}

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'replicas-suite', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as { result?: { id: string } } | null };
}

test('50 simultaneous authorizes with one terminal and reference: one transaction', async ({ gateway, gatewayUrl }) => {
  const before = await authorizeLines();
  const body = authorizeBody('idem', { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002' }) });
  const auth = { authorization: `Bearer ${await gateway.accessToken()}` };
  const replies = await Promise.all(Array.from({ length: TIMES }, () => post(`${gatewayUrl}/api/transactions/authorize`, body, auth)));
  expect(replies.filter((r) => r.status !== 200)).toEqual([]);
  expect(new Set(replies.map((r) => r.body?.result?.id)).size).toBe(1);
  expect(await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${body.reference}`)).toHaveLength(1);
  const after = await authorizeLines();
  for (const name of Object.keys(after)) expect(after[name]! - before[name]!, `authorizes answered by replica ${name}`).toBeGreaterThan(0);
});

test('50 simultaneous payments of one session: one transaction', async ({ gateway, gatewayUrl, createSession }) => {
  const before = await authorizeLines();
  const session = await createSession();
  const body = { session_id: session.id, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002' }) } };
  const replies = await Promise.all(Array.from({ length: TIMES }, () => post(`${gatewayUrl}/api/transactions/authorize`, body, { 'x-client-key': 'test-client-key' })));
  const ids = new Set(replies.map((r) => r.body?.result?.id).filter(Boolean));
  expect(ids.size).toBe(1);
  expect(await gateway.request<unknown[]>('GET', `/__mock/transactions?reference=${session.reference}`)).toHaveLength(1);
  const after = await authorizeLines();
  for (const name of Object.keys(after)) expect(after[name]! - before[name]!, `payments answered by replica ${name}`).toBeGreaterThan(0);
});
