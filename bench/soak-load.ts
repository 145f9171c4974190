/**
 * The soak's mixed load (bench/soak.ts): one loop per kind of work, each sending its next
 * request as soon as the last is answered, until stopped. Counts what each did.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { uniqueReference, type GatewayClient } from '@payments/testing';

type Kind = 'sessions' | 'threeDs' | 'payments' | 'live';

const sessionBody = () => ({
  terminal_id: 'TERM00001',
  reference: uniqueReference('soak'),
  description: 'Soak',
  currency: 'EUR',
  amount: 1999,
  transaction_type: 'PURCHASE',
  return_url: 'https://shop.example/return',
  originator_url: 'https://shop.example',
});

export function mixedLoad(url: string, gateway: GatewayClient) {
  const counts: Record<Kind, number> & { failed: number } = { sessions: 0, threeDs: 0, payments: 0, live: 0, failed: 0 };
  let stopped = false;
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'soak', ...headers }, body: JSON.stringify(body) });
    const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return parsed;
  };
  const bearer = async () => ({ authorization: `Bearer ${await gateway.accessToken()}` });
  const work: Record<Kind, () => Promise<void>> = {
    sessions: async () => void (await post('/api/sessions', sessionBody(), await bearer())),
    threeDs: async () => {
      const data = await gateway.encryptCard({ number: '4000000000000010' });
      await post('/api/transactions/authorize', { ...sessionBody(), payment_method: { type: 'card', data }, browser_info: TEST_BROWSER_INFO }, await bearer());
    },
    payments: async () => {
      const session = (await post('/api/sessions', sessionBody(), await bearer())) as { id: string };
      const data = await gateway.encryptCard({ number: '4000000000000002' });
      await post('/api/transactions/authorize', { session_id: session.id, browser_info: TEST_BROWSER_INFO, payment_method: { type: 'card', data } }, { 'x-client-key': 'test-client-key' });
    },
    live: () => watchLive(url),
  };
  const loops = (Object.keys(work) as Kind[]).map(async (kind) => {
    while (!stopped) {
      try {
        await work[kind]();
        counts[kind] += kind === 'payments' ? 2 : 1;
      } catch (error) {
        counts.failed += 1;
        if (counts.failed % 100 === 1) console.error(`soak: ${kind}: ${String(error)}`);
        await new Promise((done) => setTimeout(done, 200));
      }
    }
  });
  return {
    counts: () => ({ ...counts, total: counts.sessions + counts.threeDs + counts.payments + counts.live }),
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Signs in to the dashboard and reads its live stream (SSE) for 10 s, as an open dashboard tab does. */
async function watchLive(url: string): Promise<void> {
  const signIn = await fetch(`${url}/dashboard/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'soak', origin: url },
    body: JSON.stringify({ client_id: 'test-client', client_secret: 'test-secret' }),
  });
  if (!signIn.ok) throw new Error(`dashboard sign-in: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const live = await fetch(`${url}/dashboard/api/live`, { headers: { cookie, 'user-agent': 'soak', accept: 'text/event-stream' }, signal: AbortSignal.timeout(10_000) });
  if (!live.ok || !live.body) throw new Error(`dashboard live: ${live.status}`);
  const reader = live.body.getReader();
  try {
    while (!(await reader.read()).done); // events, read and dropped
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
  }
}
