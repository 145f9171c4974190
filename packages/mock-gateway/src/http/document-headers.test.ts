/**
 * Issue #43: every document the gateway serves (text/html, found by reading the routes: the
 * frames, the hosted page, the dashboard, the gateway's own 3-D Secure pages on the API
 * origin; the issuer's and the providers' pages on the ACS origin) sends `nosniff`, a
 * `Referrer-Policy` and a framing policy said in its CSP (`frame-ancestors`). `/frames/preload`
 * says `frame-ancestors *`; `/frames/blank` is there only when the bench asks for it, with the
 * same headers. The pages are built with `pnpm build` (skipped before it).
 */
import { existsSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, decodeBase64Json, encodeBase64Json, type ExecutionResponse, type ThreeDsActionToken } from '@payments/core';
import { workspaceBundles } from '../bundles';
import { registerDashboardPage } from '../dashboard/page';
import { registerFrameRoutes } from '../routes/frames';
import { registerHostedPageRoutes } from '../routes/hosted-page-routes';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';

const bundles = workspaceBundles();
const built = [bundles.embeddedFields, bundles.hostedPage, bundles.dashboard].every((dir) => existsSync(dir));
const MERCHANT = 'https://shop.example';
const UA = { 'user-agent': 'vitest' };

let t: TestGateway;
let auth: Record<string, string>;

const get = (app: 'api' | 'acs', url: string) => t.gw[app].inject({ method: 'GET', url, headers: UA });
const postForm = (app: 'api' | 'acs', url: string, fields: Record<string, string>) =>
  t.gw[app].inject({ method: 'POST', url, headers: { ...UA, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const path = (url: string) => new URL(url).pathname;

async function session(): Promise<string> {
  const reply = await t.call<{ id: string }>('POST', '/api/sessions', {
    terminal_id: 'TERM00001', reference: uniqueReference('doc'), description: 'Order', currency: 'EUR', amount: 1000,
    transaction_type: 'PURCHASE', return_url: `${MERCHANT}/back`, originator_url: `${MERCHANT}/checkout`,
  }, auth);
  return reply.body.id;
}

const frameQuery = (id: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ session_id: id, client_key: 'test-client-key', locale: 'en-US', parent_origin: MERCHANT, ...extra }).toString();

async function authorize(number: string, extra: Record<string, unknown> = {}): Promise<ExecutionResponse> {
  return (await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number }, { browser_info: TEST_BROWSER_INFO, ...extra }), auth)).body;
}

/** A challenge at the ACS: the CReq and the token, from a card that is fingerprinted then challenged. */
async function challenge() {
  const start = await authorize('4111111111111111', { metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  const first = decodeBase64Json<ThreeDsActionToken>(start.action!.token);
  const methodData = encodeBase64Json({ threeDSServerTransID: first.three_ds_server_trans_id, threeDSMethodNotificationURL: first.three_ds_method_notification_url });
  const next = await t.call<ExecutionResponse>('POST', `/api/transactions/three-ds/${start.action!.session_id}/request-authentication`, { fingerprint_result: btoa('Y'), payment_data: start.action!.payment_data }, auth);
  const token = decodeBase64Json<ThreeDsActionToken>(next.body.action!.token);
  const creq = encodeBase64Json({ threeDSServerTransID: token.three_ds_server_trans_id, acsTransID: token.acs_trans_id, messageVersion: token.message_version, messageType: 'CReq', challengeWindowSize: token.challenge_window_size });
  const transactionId = /\/three-ds\/([^/]+)\//.exec(first.three_ds_method_notification_url)![1]!;
  return { methodData, token, creq, transactionId };
}

/** Each document, and how a browser comes to it. */
const DOCUMENTS: [string, () => Promise<LightMyRequestResponse>][] = [
  ['the card frame', async () => get('api', `/frames/card?${frameQuery(await session())}`)],
  ['the card frame, its entry inline', async () => get('api', `/frames/card?${frameQuery(await session(), { script: 'inline' })}`)],
  ['the card frame, its form drawn in', async () => {
    const config = { protocolVersion: 1, component: 'card', locale: 'en-US', customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false }, styles: {}, saveCard: null, savedCard: null };
    return get('api', `/frames/card?${frameQuery(await session(), { script: 'inline', config: Buffer.from(JSON.stringify(config)).toString('base64url') })}`);
  }],
  ['the card frame of a 1.0 script (no parent_origin)', async () => get('api', `/frames/card?${new URLSearchParams({ session_id: await session(), client_key: 'test-client-key' })}`)],
  ['the refused frame', async () => get('api', '/frames/card?session_id=nope&client_key=test-client-key')],
  ['the alternative methods frame', async () => get('api', `/frames/apm?${frameQuery(await session())}`)],
  ['the preload frame', async () => get('api', '/frames/preload')],
  ['the blank frame (--blank-frame)', async () => get('api', '/frames/blank')],
  ['the hosted page', async () => {
    const page = await t.call<{ redirect_url: string }>('POST', '/api/hosted-payment-page', {
      terminal_id: 'TERM00001', reference: uniqueReference('hpp'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE',
      success_url: `${MERCHANT}/ok`, cancel_url: `${MERCHANT}/cancel`, error_url: `${MERCHANT}/error`,
    }, auth);
    return get('api', path(page.body.redirect_url));
  }],
  ['the hosted page of an unknown session', async () => get('api', '/hpp/nope')],
  ['an unknown hosted page exit', async () => get('api', '/hpp/nope/return')],
  ['the dashboard', async () => get('api', '/dashboard')],
  ['the 3-D Secure redirect page (gateway origin)', async () => get('api', path((await authorize('4000000000000010')).redirect!.url))],
  ['the 3-D Secure method notification', async () => postForm('api', `/three-ds/${(await challenge()).transactionId}/method-notification`, {})],
  ['the challenge notification, framed', async () => {
    const { token, transactionId } = await challenge();
    return t.gw.api.inject({
      method: 'POST', url: `/three-ds/${transactionId}/challenge-notification-url`,
      headers: { ...UA, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'iframe' },
      payload: new URLSearchParams({ cres: encodeBase64Json({ threeDSServerTransID: token.three_ds_server_trans_id, transStatus: 'Y' }) }).toString(),
    });
  }],
  ['the challenge notification of an unknown verification', async () => postForm('api', '/three-ds/nope/challenge-notification-url', { cres: 'x' })],
  ['the issuer\'s 3-D Secure method page', async () => {
    const { methodData } = await challenge();
    return postForm('acs', '/acs/3ds-method', { threeDSMethodData: methodData });
  }],
  ['the issuer\'s challenge page', async () => {
    const { token, creq } = await challenge();
    return postForm('acs', path(token.acs_url), { creq });
  }],
  ['the issuer\'s challenge answered', async () => {
    const { token, creq } = await challenge();
    await postForm('acs', path(token.acs_url), { creq });
    return postForm('acs', '/acs/challenge/result', { three_ds_server_trans_id: token.three_ds_server_trans_id, acs_trans_id: token.acs_trans_id, outcome: 'approve' });
  }],
  ['the issuer\'s error page', async () => postForm('acs', '/acs/challenge', { creq: 'nope' })],
  ['a provider\'s page', async () => {
    const paid = await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', {
      reference: uniqueReference('apm'), terminal_id: 'TERM00001', description: 'Order', currency: 'EUR', amount: 1500, transaction_type: 'PURCHASE',
      return_url: `${MERCHANT}/back`, error_url: `${MERCHANT}/error`, cancel_url: `${MERCHANT}/cancel`, payment_method: { type: 'wallet-a-redirect', data: {} },
    }, auth);
    return get('acs', path(paid.body.redirect!.url));
  }],
  ['a provider\'s page for an unknown payment', async () => get('acs', '/provider/nope')],
];

describe.skipIf(!built)('every document the gateway serves', () => {
  beforeAll(async () => {
    t = await testGateway({
      extend: (api, ctx) => {
        registerFrameRoutes(api, ctx, bundles.embeddedFields, { blankFrame: true });
        registerHostedPageRoutes(api, ctx, { dist: bundles.hostedPage });
        registerDashboardPage(api, bundles.dashboard);
      },
    });
    auth = await t.auth();
  });
  afterAll(() => t.close());

  it.each(DOCUMENTS)('%s: nosniff, a Referrer-Policy, frame-ancestors in its CSP', async (_name, open) => {
    const reply = await open();
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(String(reply.headers['content-security-policy'])).toMatch(/(^|; )frame-ancestors [^;]+/);
  });

  it('the preload frame may be framed by any page, and says so', async () => {
    expect(String((await get('api', '/frames/preload')).headers['content-security-policy'])).toMatch(/(^|; )frame-ancestors \*(;|$)/);
  });
});

describe('/frames/blank', () => {
  it('is absent from a default gateway', async () => {
    t = await testGateway({ extend: (api, ctx) => registerFrameRoutes(api, ctx, bundles.embeddedFields) });
    expect((await get('api', '/frames/blank')).statusCode).toBe(404);
    await t.close();
  });
});
