/**
 * Issue #28: the dashboard's API. Who may see what (a signed-in merchant sees its own data
 * only; without sign-in, loopback only), the timeline of a challenged payment, Resend, and
 * actions refused to a cross-site form post or a request without the CSRF token. Runs on
 * every store (GATEWAY_TEST_STORE=embedded runs it on PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, encryptedCard } from '../test-payments';
import { challengePayment, dashboard, signedIn, startReceiver, type Receiver } from './dashboard-test-kit';

const FIRST = { id: 'test-client', secret: 'test-secret' };
const SECOND = { id: 'test-client-2', secret: 'test-secret-2' };
const CARD = '4111111111111111';

let t: TestGateway;
let receiver: Receiver;
let firstTransaction: string;
let firstDelivery: string;

beforeAll(async () => {
  receiver = await startReceiver();
  const config = loadConfig();
  config.webhook_url = receiver.url;
  t = await testGateway({ config });
  const auth = await t.auth(FIRST);
  firstTransaction = await challengePayment(t, auth, CARD);
  await t.call('POST', '/api/sessions', {
    terminal_id: 'TERM00001', reference: 'order-first-session', description: 'Jacket', currency: 'EUR', amount: 4999,
    transaction_type: 'PURCHASE', return_url: 'https://merchant.example/return',
  }, auth);
  await t.call('POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana' }, auth);
  await t.gw.ctx.webhooks.idle();
  firstDelivery = (await t.gw.ctx.webhooks.deliveries({ transactionId: firstTransaction }))[0]!.id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('who may see the dashboard', () => {
  it('answers 401 to another machine that has not signed in, and to a wrong secret', async () => {
    expect((await dashboard(t, 'GET', '/dashboard/api/me', { remote: true })).status).toBe(401);
    expect((await dashboard(t, 'GET', '/dashboard/api/transactions', { remote: true })).status).toBe(401);
    const wrong = await dashboard(t, 'POST', '/dashboard/api/sign-in', { remote: true, body: { client_id: FIRST.id, client_secret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
  });

  it('signs in with a session cookie that is HttpOnly and SameSite=Strict', async () => {
    const signIn = await dashboard(t, 'POST', '/dashboard/api/sign-in', { remote: true, body: { client_id: FIRST.id, client_secret: FIRST.secret } });
    expect(signIn.status).toBe(200);
    expect(signIn.setCookie).toMatch(/HttpOnly/);
    expect(signIn.setCookie).toMatch(/SameSite=Strict/);
    expect(signIn.setCookie).toMatch(/Path=\/dashboard/);
  });

  it('shows the signed-in first merchant its payment, session, customer and deliveries', async () => {
    const { cookie } = await signedIn(t, FIRST.id, FIRST.secret);
    const get = async (url: string) => (await dashboard(t, 'GET', url, { remote: true, cookie })).json;
    expect((await get('/dashboard/api/transactions')).transactions).toEqual([expect.objectContaining({ id: firstTransaction, card: '411111******1111' })]);
    expect((await get('/dashboard/api/sessions')).sessions).toHaveLength(1);
    expect((await get('/dashboard/api/customers')).customers).toHaveLength(1);
    expect((await get('/dashboard/api/deliveries')).deliveries).not.toHaveLength(0);
  });

  it('shows the second merchant, signed in, none of the first merchant’s data', async () => {
    const { cookie, csrf } = await signedIn(t, SECOND.id, SECOND.secret);
    const as2 = (method: 'GET' | 'POST', url: string, body?: unknown) => dashboard(t, method, url, { remote: true, cookie, csrf, ...(body !== undefined ? { body } : {}) });
    const me = (await as2('GET', '/dashboard/api/me')).json;
    expect(me).toMatchObject({ signed_in: true, operator: false, merchants: [{ id: 'MERCHANT0002', name: 'Fabrikam Home' }] });
    for (const [url, key] of [['transactions', 'transactions'], ['sessions', 'sessions'], ['customers', 'customers'], ['deliveries', 'deliveries'], ['deliveries?failing=true', 'deliveries']] as const) {
      const reply = await as2('GET', `/dashboard/api/${url}`);
      expect(reply.status, url).toBe(200);
      expect(reply.json[key], url).toEqual([]);
    }
    // Asking for the first merchant by name, or for its records by id, finds nothing.
    expect((await as2('GET', '/dashboard/api/transactions?merchant=MERCHANT0001')).status).toBe(404);
    expect((await as2('GET', `/dashboard/api/transactions/${firstTransaction}`)).status).toBe(404);
    expect((await as2('GET', `/dashboard/api/deliveries/${firstDelivery}`)).status).toBe(404);
    expect((await as2('POST', `/dashboard/api/deliveries/${firstDelivery}/resend`, {})).status).toBe(404);
    expect((await as2('POST', `/dashboard/api/transactions/${firstTransaction}/settle`, { outcome: 'decline' })).status).toBe(404);
    // Nor the sandbox-wide actions: those are the operator's.
    expect((await as2('POST', '/dashboard/api/reset', {})).status).toBe(403);
    expect((await t.gw.ctx.store.transaction(firstTransaction))?.transaction.status).toBe('APPROVED');

    // Its own payment it does see (and the first merchant, signed in, does not).
    const auth2 = await t.auth(SECOND);
    const own = await t.call<{ result: { transaction_id: string } }>(
      'POST', '/api/transactions/authorize',
      await cardAuthorizeBody(t, { number: '4000000000000002' }, {
        terminal_id: 'TERM00009',
        reference: 'second-merchant-order',
        payment_method: { type: 'card', data: await encryptedCard(t, { number: '4000000000000002' }, auth2) },
      }),
      auth2,
    );
    expect(own.status).toBe(200);
    expect((await as2('GET', '/dashboard/api/transactions')).json.transactions).toEqual([expect.objectContaining({ reference: 'second-merchant-order' })]);
    const first = await signedIn(t, FIRST.id, FIRST.secret);
    const firstSees = (await dashboard(t, 'GET', '/dashboard/api/transactions', { remote: true, cookie: first.cookie })).json.transactions as { reference: string }[];
    expect(firstSees.map((tx) => tx.reference)).not.toContain('second-merchant-order');
  });

  it('lets a loopback client in without signing in, as the operator who sees every merchant', async () => {
    const me = await dashboard(t, 'GET', '/dashboard/api/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ signed_in: false, operator: true, merchants: [{ id: 'MERCHANT0001' }, { id: 'MERCHANT0002' }] });
    expect(me.setCookie).toMatch(/HttpOnly; SameSite=Strict/);
    const second = await dashboard(t, 'GET', '/dashboard/api/transactions?merchant=MERCHANT0002');
    expect((second.json.transactions as { reference: string }[]).map((tx) => tx.reference)).toEqual(['second-merchant-order']);
  });

  it('answers HEAD of the live stream with its headers and ends (a stream opened for HEAD would never end)', async () => {
    const head = await dashboard(t, 'HEAD', '/dashboard/api/live');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/event-stream/);
  });

  it('never shows a full card number, a secret or a key', async () => {
    const { cookie } = await signedIn(t, FIRST.id, FIRST.secret);
    const pages = await Promise.all(
      ['transactions', `transactions/${firstTransaction}`, 'sessions', 'customers', 'deliveries', `deliveries/${firstDelivery}`, 'me'].map(
        async (path) => (await dashboard(t, 'GET', `/dashboard/api/${path}`, { remote: true, cookie })).text,
      ),
    );
    for (const text of pages) {
      expect(text).not.toContain(CARD);
      expect(text).not.toContain(FIRST.secret);
      expect(text).not.toContain('PRIVATE KEY');
    }
  });
});

describe('a transaction’s timeline', () => {
  it('shows the authorize with the masked card, the challenge decided at the issuer, the result and each webhook attempt', async () => {
    const reply = await dashboard(t, 'GET', `/dashboard/api/transactions/${firstTransaction}`);
    expect(reply.status).toBe(200);
    const timeline = reply.json as {
      authorize: { card: string };
      three_ds: { steps: { step: string; decided_by: string | null; trans_status: string | null }[] };
      result: { status: string };
      deliveries: { event: string; attempts: { url: string; status: number; duration_ms: number; response_excerpt: string }[] }[];
    };
    expect(timeline.authorize.card).toBe('411111******1111');
    expect(timeline.three_ds.steps.map((s) => s.step)).toEqual(['fingerprint', 'fingerprint_completed', 'challenge', 'challenge_answered', 'authenticated']);
    expect(timeline.three_ds.steps).toContainEqual(expect.objectContaining({ step: 'challenge_answered', decided_by: 'issuer', trans_status: 'Y' }));
    expect(timeline.result.status).toBe('APPROVED');
    expect(timeline.deliveries[0]!.event).toMatch(/purchase:approved$/);
    expect(timeline.deliveries[0]!.attempts).toEqual([
      expect.objectContaining({ url: receiver.url, status: 200, duration_ms: expect.any(Number), response_excerpt: 'ok', series: 1 }),
    ]);
  });

  it('gives the delivery’s request freshly signed, to copy', async () => {
    const reply = await dashboard(t, 'GET', `/dashboard/api/deliveries/${firstDelivery}`);
    const signed = reply.json.signed as { headers: Record<string, string>; body: string };
    expect(signed.headers).toMatchObject({ 'x-webhook-id': firstDelivery, authorization: expect.stringMatching(/^Bearer ey/) });
    expect(JSON.parse(signed.body)).toMatchObject({ event: expect.stringMatching(/purchase:approved$/) });
  });
});

describe('actions', () => {
  it('resends a delivery as a new series of attempts of the same delivery id', async () => {
    const me = await dashboard(t, 'GET', '/dashboard/api/me');
    const before = receiver.received.filter((r) => r.id === firstDelivery).length;
    const resend = await dashboard(t, 'POST', `/dashboard/api/deliveries/${firstDelivery}/resend`, { cookie: me.cookie!, csrf: String(me.json.csrf_token), body: {} });
    expect(resend.status).toBe(202);
    await t.gw.ctx.webhooks.idle();
    const [stored] = (await t.gw.ctx.webhooks.deliveries({ transactionId: firstTransaction })).filter((d) => d.id === firstDelivery);
    expect(stored).toMatchObject({ state: 'delivered', resends: 1 });
    expect(stored!.attempts.map((a) => a.series)).toEqual([1, 2]);
    expect(receiver.received.filter((r) => r.id === firstDelivery)).toHaveLength(before + 1);
  });

  it('refuses a cross-site form post, a text/plain post and a post without the CSRF token, and changes nothing', async () => {
    const me = await dashboard(t, 'GET', '/dashboard/api/me');
    const cookie = me.cookie!;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const crossSite = await dashboard(t, 'POST', '/dashboard/api/reset', { cookie, body: 'confirm=1', headers: { ...form, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const plainForm = await dashboard(t, 'POST', '/dashboard/api/reset', { cookie, body: 'confirm=1', headers: form });
    expect(plainForm.status).toBe(415);
    const textPlain = await dashboard(t, 'POST', '/dashboard/api/reset', { cookie, body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(textPlain.status).toBe(415);
    const noToken = await dashboard(t, 'POST', '/dashboard/api/reset', { cookie, body: {} });
    expect(noToken.status).toBe(403);
    const wrongToken = await dashboard(t, 'POST', '/dashboard/api/reset', { cookie, csrf: 'x'.repeat(43), body: {} });
    expect(wrongToken.status).toBe(403);
    const sameSiteOther = await dashboard(t, 'POST', '/dashboard/api/clock', { cookie, csrf: String(me.json.csrf_token), body: { advance_seconds: 60 }, headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSiteOther.status).toBe(403);
    expect(await t.gw.ctx.store.transaction(firstTransaction)).toBeDefined();

    // The page's own request (its origin, JSON, the token) is taken.
    const own = await dashboard(t, 'POST', '/dashboard/api/clock', {
      cookie,
      csrf: String(me.json.csrf_token),
      body: { advance_seconds: 60 },
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', host: 'localhost:80' },
    });
    expect(own.status).toBe(200);
  });
});
