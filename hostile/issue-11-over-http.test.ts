/**
 * An independent probe of issue #11, written from the spec and the issue: starts the gateway
 * the way `pnpm gateway` does (startGateway, real ports) and checks each point over HTTP with
 * fetch only. Each point is a named check; the test lists every one that fails.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { startGateway } from '@payments/mock-gateway';
import { GatewayClient, TEST_BROWSER_INFO, TEST_CREDENTIALS_2, uniqueReference, startWebhookInbox } from '@payments/testing';

const results: [string, boolean, string][] = [];
function check(name: string, ok: boolean, detail = ''): void {
  results.push([name, ok, detail]);
}

const gateway = await startGateway({ port: 0, host: '127.0.0.1', logger: false });
afterAll(() => gateway.close());
const base = gateway.url;
const ua = { 'user-agent': 'probe-issue-11/1.0' };
const a = new GatewayClient(base);
const b = new GatewayClient(base, TEST_CREDENTIALS_2);
const KEY = { 'x-client-key': 'test-client-key', 'content-type': 'application/json', ...ua };

async function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${base}${path}`, { method, headers: { ...ua, ...init.headers }, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown> & { errors?: { property: string }[]; code?: string; result?: Record<string, unknown> } };
}
const order = (client: GatewayClient, terminal: string, number: string, extra: Record<string, unknown> = {}) =>
  client.encryptCard({ number }).then((data) => ({
    reference: uniqueReference('probe'), terminal_id: terminal, description: 'Probe', currency: 'EUR', amount: 1500, transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data }, return_url: 'https://merchant.example/back', browser_info: TEST_BROWSER_INFO, ...extra,
  }));
const newSession = (extra: Record<string, unknown> = {}) =>
  a.createSession({ terminal_id: 'TERM00001', reference: uniqueReference('ps'), description: 'Probe', currency: 'EUR', amount: 1500, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/back', ...extra });
const newPage = (extra: Record<string, unknown> = {}) =>
  a.createHostedPage({ terminal_id: 'TERM00001', reference: uniqueReference('ph'), description: 'Probe', currency: 'EUR', amount: 1500, transaction_type: 'PURCHASE', success_url: 'https://merchant.example/ok', cancel_url: 'https://merchant.example/c', error_url: 'https://merchant.example/e', ...extra });
const browserAuthorize = (body: Record<string, unknown>) => raw('POST', '/api/transactions/authorize', { headers: KEY, body: JSON.stringify({ browser_info: TEST_BROWSER_INFO, ...body }) });

it('issue #11 from outside, over HTTP: card identity, saved cards, card testing, 3-D Secure, test routes, webhooks, HTTP hygiene, spec departures', async () => {
  // Card data and identity
  const p1 = await a.authorize(await order(a, 'TERM00001', '4000000000000002'));
  const p2 = await a.authorize(await order(a, 'TERM00001', '4000000000000002'));
  const p3 = await b.authorize(await order(b, 'TERM00009', '4000000000000002'));
  const sha = createHash('sha256').update('4000000000000002').digest('hex');
  const h1 = String(p1.result!.payment_method.hash);
  check('hash is not SHA-256 of the PAN', !sha.startsWith(h1.slice(0, 16)) && h1 !== sha, h1);
  check('hash stable per card and merchant', h1 === p2.result!.payment_method.hash);
  check('hash differs across merchants (second merchant works)', p3.result?.status === 'APPROVED' && p3.result.payment_method.hash !== h1);

  const customerA = await a.request<{ id: string }>('POST', '/api/customers', { email: 'a@probe.example' });
  const customerB = await a.request<{ id: string }>('POST', '/api/customers', { email: 'b@probe.example' });
  const saved = await a.authorize(await order(a, 'TERM00001', '4111111111111111', { customer: { id: customerA.id }, tokenization: { save_card_for_future_payments: true } }));
  const token = saved.result!.payment_method.token!;
  const savedCard = async () => ({ type: 'saved_card', data: { payment_method_id: token, encrypted_cvv: await a.encrypt('123') } });
  const sessionB = await newSession({ customer: { id: customerB.id } });
  const claim = await browserAuthorize({ session_id: sessionB.id, payment_method: await savedCard(), customer: { id: customerA.id } });
  check('A\'s card in B\'s session with customer {id: A} is refused', claim.status === 422, JSON.stringify(claim.json));
  const guest = await browserAuthorize({ session_id: (await newSession()).id, payment_method: await savedCard() });
  check('A\'s card in a guest session is refused', guest.status === 422);
  const pageB = await newPage({ customer_id: customerB.id });
  check('A\'s card in B\'s hosted page is refused', (await browserAuthorize({ session_id: pageB.session_id, payment_method: await savedCard() })).status === 422);
  const pageA = await newPage({ customer_id: customerA.id });
  const paidA = await browserAuthorize({ session_id: pageA.session_id, payment_method: await savedCard() });
  const txA = paidA.json.result as { id: string; customer: { id: string } } | undefined;
  const statusA = txA ? await a.status(txA.id) : undefined;
  check('hosted page with a customer records it (status)', statusA?.transaction?.customer.id === customerA.id, JSON.stringify(paidA.json).slice(0, 200));
  const noCvv = await browserAuthorize({ session_id: (await newPage({ customer_id: customerA.id })).session_id, payment_method: { type: 'saved_card', data: { payment_method_id: token } } });
  check('saved card without CVV refused unless cvv_less', noCvv.status === 422 && noCvv.json.errors?.[0]?.property === 'payment_method.data.encrypted_cvv');
  const crossMerchant = await b.send('POST', '/api/transactions/authorize', await order(b, 'TERM00009', '4000000000000002', { customer: { id: customerA.id } }));
  check('customers are per merchant', crossMerchant.status === 422);

  const testing = await newSession();
  let last: Awaited<ReturnType<typeof browserAuthorize>> | undefined;
  for (let i = 0; i < 11; i++) last = await browserAuthorize({ session_id: testing.id, payment_method: { type: 'card', data: await a.encryptCard({ number: '4000000000000044' }) } });
  check('card testing: the 11th attempt after 10 declines is refused', last!.status === 422 && last!.json.code === 'INVALID_REQUEST_TOO_MANY_ATTEMPTS', JSON.stringify(last!.json));

  // 3-D Secure
  const flow = await newSession({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  const start = await browserAuthorize({ session_id: flow.id, payment_method: { type: 'card', data: await a.encryptCard({ number: '4111111111111111' }) } });
  const action = (start.json as { action: { session_id: string; payment_data: string } }).action;
  const challenge = await raw('POST', `/api/transactions/three-ds/${action.session_id}/request-authentication`, { headers: KEY, body: JSON.stringify({ fingerprint_result: btoa('Y'), payment_data: action.payment_data }) });
  const chAction = (challenge.json as { action: { session_id: string; payment_data: string; token: string; transaction_id: string } }).action;
  const completed = (trans_status: string) =>
    raw('POST', '/api/transactions/three-ds/authentication-completed', { headers: KEY, body: JSON.stringify({ session_id: chAction.session_id, payment_data: chAction.payment_data, trans_status }) });
  const premature = await completed('Y');
  check('browser Y without an ACS record does not approve', premature.status === 422);
  await a.answerChallenge(chAction, 'decline');
  const contradicted = await completed('Y');
  check('browser Y contradicting an ACS decline gives DECLINED', (contradicted.json.result as { status?: string } | undefined)?.status === 'DECLINED');

  // Test routes and webhooks
  check('/__mock cross-site Origin refused', (await raw('POST', '/__mock/reset', { headers: { origin: 'https://evil.example' } })).status === 403);
  check('/__mock text/plain body refused', (await raw('POST', '/__mock/config', { headers: { 'content-type': 'text/plain' }, body: '{"webhook_url":"x"}' })).status === 415);
  // fetch cannot set Host: a raw request, as a DNS-rebinding page's browser would send it.
  const rebound = await new Promise<number>((resolve, reject) => {
    const url = new URL('/__mock/config', base);
    request({ host: url.hostname, port: url.port, path: url.pathname, headers: { ...ua, host: 'rebind.example' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject).end();
  });
  check('/__mock foreign Host refused', rebound === 403, String(rebound));
  check('/__mock from Node works', (await raw('GET', '/__mock/config')).status === 200);
  const inbox = await startWebhookInbox({ gatewayUrl: base });
  await raw('POST', '/__mock/config', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webhook_url: inbox.url }) });
  const hooked = await a.authorize(await order(a, 'TERM00001', '4000000000000002'));
  const event = await inbox.waitFor((e) => (e.body as { payload?: { id?: string } }).payload?.id === hooked.result!.id);
  const delivery = (await gateway.ctx.webhooks.deliveries()).find((d) => d.id === event.id);
  check('webhook JWT jti is the delivery id (inbox dedupes on it)', delivery !== undefined);
  const recorded = await raw('GET', `/__mock/webhooks?transaction_id=${hooked.result!.id}`);
  check('webhook deliveries recorded', recorded.status === 200);
  await inbox.close();

  // HTTP hygiene
  const tokenAnswer = await raw('POST', '/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret' });
  check('no-store on /oauth/token', tokenAnswer.headers.get('cache-control') === 'no-store');
  const bearer = { authorization: `Bearer ${String(tokenAnswer.json.access_token)}`, 'content-type': 'application/json' };
  const created = await raw('POST', '/api/sessions', { headers: bearer, body: JSON.stringify({ terminal_id: 'TERM00001', reference: uniqueReference('pc'), description: 'x', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/b' }) });
  check('no-store on session creation', created.headers.get('cache-control') === 'no-store');
  check('no-store on GET session', (await raw('GET', `/api/sessions/${String(created.json.id)}`, { headers: KEY })).headers.get('cache-control') === 'no-store');
  const badUrl = await raw('POST', '/api/hosted-payment-page', { headers: bearer, body: JSON.stringify({ terminal_id: 'TERM00001', reference: uniqueReference('pu'), description: 'x', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', success_url: 'https://#x', cancel_url: 'https://merchant.example/c', error_url: 'https://merchant.example/e' }) });
  check('https://#x is a 422 naming success_url', badUrl.status === 422 && badUrl.json.errors?.some((e) => e.property === 'success_url') === true);
  for (const path of ['/assets/', '/assets/.', '/assets/%2F', '/hpp/assets/', '/hpp/assets//', '/frames/assets/', '/frames/assets/%2F']) {
    const answer = await raw('GET', path);
    check(`${path} is not 5xx`, answer.status === 404 || answer.status === 503, String(answer.status));
  }

  // Spec departures
  const redirect = await a.authorize(await order(a, 'TERM00001', '4000000000000010'));
  check('redirect card goes to the gateway origin', new URL(redirect.redirect!.url).origin === base, redirect.redirect?.url);
  const formSubmit = await a.authorize(await order(a, 'TERM00001', '4000000000000028'));
  check('form submit goes to the gateway origin', new URL(formSubmit.form_submit!.url).origin === base);
  const noInfo = await order(a, 'TERM00001', '4000000000000002');
  delete (noInfo as Record<string, unknown>).browser_info;
  const missing = await a.send('POST', '/api/transactions/authorize', noInfo);
  check('browser_info required (422 naming it)', missing.status === 422 && JSON.stringify(missing.body).includes('"browser_info"'));
  check('currency QQQ refused', (await a.send('POST', '/api/transactions/authorize', await order(a, 'TERM00001', '4000000000000002', { currency: 'QQQ' }))).status === 422);
  check('country JJ refused', (await a.send('POST', '/api/sessions', { terminal_id: 'TERM00001', reference: uniqueReference('pj'), description: 'x', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE', return_url: 'https://merchant.example/b', country: 'JJ' })).status === 422);
  check('JSON token request refused', (await raw('POST', '/oauth/token', { headers: { 'content-type': 'application/json' }, body: '{"grant_type":"client_credentials","client_id":"test-client","client_secret":"test-secret"}' })).status >= 400);
  const auth = await order(a, 'TERM00001', '4000000000000002', { transaction_type: 'AUTHORIZE' });
  await a.authorize(auth);
  await a.request('POST', '/api/transactions/manage', { terminal_id: 'TERM00001', transaction_type: 'VOID', reference: auth.reference, amount: 1500, currency: 'EUR' });
  check('idempotent repeat after VOID answers VOIDED', (await a.authorize(auth)).result?.status === 'VOIDED');

  const jwtCheck = (await gateway.ctx.webhooks.deliveries()).length > 0;
  check('deliveries exist', jwtCheck);
  expect(results.filter(([, ok]) => !ok).map(([name, , detail]) => `${name}${detail ? `  (${detail})` : ''}`)).toEqual([]);
}, 120_000);
