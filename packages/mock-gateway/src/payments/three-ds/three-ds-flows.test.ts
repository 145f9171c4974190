/**
 * Every 3-D Secure path of the spec, end to end through the HTTP layer of both origins:
 * the API (authorize, request-authentication, authentication-completed, notifications)
 * and the ACS pages, as a browser would drive them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_BROWSER_INFO,
  decodeBase64Json,
  encodeBase64Json,
  type ApiErrorBody,
  type ExecutionResponse,
  type SimulatedFlow,
  type StatusResponse,
  type ThreeDsActionToken,
} from '@payments/core';
import { testGateway, type TestGateway } from '../../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../../test-payments';

const CLIENT_KEY = { 'x-client-key': 'test-client-key' };

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const post = <T = ExecutionResponse>(url: string, body: unknown) => t.call<T>('POST', url, body, auth);

/** A form post to the ACS origin (or to the gateway's, for a URL on it), as the browser sends it. */
async function acsForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  const app = url.startsWith(t.gw.ctx.urls.gateway) ? t.gw.api : t.gw.acs;
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function startFlow(flow: SimulatedFlow, extra: Record<string, unknown> = {}) {
  const body = await cardAuthorizeBody(t, { number: '4111111111111111' }, { metadata: { simulated_flow: flow }, ...extra });
  return (await post('/api/transactions/authorize', body)).body;
}

function tokenOf(response: ExecutionResponse): ThreeDsActionToken {
  return decodeBase64Json<ThreeDsActionToken>(response.action!.token);
}

async function fingerprint(response: ExecutionResponse, submitted = true) {
  const action = response.action!;
  expect(action.type).toBe('THREE_DS_2_FINGERPRINT');
  return (
    await post(`/api/transactions/three-ds/${action.session_id}/request-authentication`, {
      fingerprint_result: btoa(submitted ? 'Y' : 'N'),
      payment_data: action.payment_data,
    })
  ).body;
}

/** The shopper answers the challenge at the ACS (creq in, button, CRes page). */
async function answerChallenge(response: ExecutionResponse, outcome: 'approve' | 'decline') {
  const token = tokenOf(response);
  const creq = encodeBase64Json({
    threeDSServerTransID: token.three_ds_server_trans_id,
    acsTransID: token.acs_trans_id,
    messageVersion: token.message_version,
    messageType: 'CReq',
    challengeWindowSize: token.challenge_window_size,
  });
  const page = await acsForm(token.acs_url, { creq });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Approve');
  const result = await acsForm('/acs/challenge/result', {
    three_ds_server_trans_id: token.three_ds_server_trans_id,
    acs_trans_id: token.acs_trans_id,
    outcome,
  });
  expect(result.statusCode).toBe(200);
  return result;
}

async function completed(response: ExecutionResponse, transStatus: string) {
  return (
    await post('/api/transactions/three-ds/authentication-completed', {
      payment_data: response.action!.payment_data,
      session_id: response.action!.session_id,
      trans_status: transStatus,
    })
  ).body;
}

describe('full simulator flows', () => {
  it('fingerprint then challenge, approved in the iframe', async () => {
    const start = await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE');
    const token = tokenOf(start);
    expect(token).toMatchObject({
      acs_url: `${t.gw.ctx.urls.acs}/acs/challenge`,
      three_ds_method_url: `${t.gw.ctx.urls.acs}/acs/3ds-method`,
      message_version: expect.stringMatching(/^2\./),
      challenge_window_size: '02',
    });
    // The method page posts threeDSMethodData back to the gateway's notification URL.
    const methodData = encodeBase64Json({
      threeDSServerTransID: token.three_ds_server_trans_id,
      threeDSMethodNotificationURL: token.three_ds_method_notification_url,
    });
    const method = await acsForm('/acs/3ds-method', { threeDSMethodData: methodData });
    expect(method.body).toContain(`action="${token.three_ds_method_notification_url}"`);

    const challenge = await fingerprint(start);
    expect(challenge.action?.type).toBe('THREE_DS_2_CHALLENGE');
    const page = await answerChallenge(challenge, 'approve');
    expect(page.body).toContain('CHALLENGE_RESPONSE');
    expect(page.body).toContain(JSON.stringify('http://localhost:5173'));
    const done = await completed(challenge, 'Y');
    expect(done.result).toMatchObject({ status: 'APPROVED', approved: true });
  });

  it('a declined challenge declines, even if the page reports Y', async () => {
    const challenge = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    await answerChallenge(challenge, 'decline');
    const done = await completed(challenge, 'Y');
    expect(done.result).toMatchObject({ status: 'DECLINED', approved: false });
  });

  it('frictionless after the fingerprint: A approves, N declines', async () => {
    expect((await fingerprint(await startFlow('VERSIONING_FINGERPRINT_A_FRICTIONLESS'))).result?.status).toBe('APPROVED');
    expect((await fingerprint(await startFlow('VERSIONING_FINGERPRINT_N_FRICTIONLESS'))).result?.status).toBe('DECLINED');
  });

  it('not enrolled: authorize answers the result at once', async () => {
    const start = await startFlow('VERSIONING_NOT_ENROLLED');
    expect(start.action).toBeNull();
    expect(start.result?.status).toBe('APPROVED');
  });

  it('without a method URL the fingerprint result is N and the challenge follows', async () => {
    const start = await startFlow('VERSIONING_NO_METHOD_URL_CHALLENGE');
    expect(tokenOf(start).three_ds_method_url).toBeNull();
    expect((await fingerprint(start, false)).action?.type).toBe('THREE_DS_2_CHALLENGE');
  });

  it('allows one extra round', async () => {
    const first = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE_EXTRA_ROUND'));
    await answerChallenge(first, 'approve');
    const extra = await completed(first, 'Y');
    expect(extra.action?.type).toBe('THREE_DS_2_CHALLENGE');
    expect(tokenOf(extra).acs_trans_id).not.toBe(tokenOf(first).acs_trans_id);
    await answerChallenge(extra, 'approve');
    expect((await completed(extra, 'Y')).result?.status).toBe('APPROVED');
  });

  it('declines when the issuer asks again after the extra round', async () => {
    const first = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS'));
    await answerChallenge(first, 'approve');
    const extra = await completed(first, 'Y');
    await answerChallenge(extra, 'approve');
    const done = await completed(extra, 'Y');
    expect(done.result).toMatchObject({ status: 'DECLINED', response_message: 'TRX_STATUS_3DS_TOO_MANY_ROUNDS' });
  });

  it('after the fingerprint: redirect and form submit variants', async () => {
    expect((await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_REDIRECT'))).redirect).not.toBeNull();
    expect((await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_FORM_SUBMIT'))).form_submit).not.toBeNull();
  });

  it('is the default on TERM00002, and sizes the window from metadata', async () => {
    const start = await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE', { metadata: { challenge_window_size: '05' }, terminal_id: 'TERM00002' });
    expect(start.action?.type).toBe('THREE_DS_2_FINGERPRINT');
    expect(tokenOf(start).challenge_window_size).toBe('05');
  });

  it('refuses a replayed or out-of-order step', async () => {
    const start = await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE');
    const challenge = await fingerprint(start);
    const replay = await post<ApiErrorBody>(`/api/transactions/three-ds/${start.action!.session_id}/request-authentication`, {
      fingerprint_result: btoa('Y'),
      payment_data: start.action!.payment_data,
    });
    expect(replay.status).toBe(422);
    const wrongData = await post<ApiErrorBody>('/api/transactions/three-ds/authentication-completed', {
      payment_data: 'forged',
      session_id: challenge.action!.session_id,
      trans_status: 'Y',
    });
    expect(wrongData.body.errors[0]!.property).toBe('payment_data');
  });

  it('full-page challenge: the CRes as a top-level navigation finishes and returns to return_url', async () => {
    const challenge = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    const page = await answerChallenge(challenge, 'approve');
    const cres = /name="cres" value="([^"]+)"/.exec(page.body)![1]!;
    const id = challenge.action!.transaction_id;
    const back = await t.gw.api.inject({
      method: 'POST',
      url: `/three-ds/${id}/challenge-notification-url`,
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'document' },
      payload: `cres=${cres}`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://merchant.example/return?transaction_id=${id}&status=APPROVED`);
  });
});

describe('simplified simulator: redirect and form submit', () => {
  it('redirect card: approve at the bank page, back to return_url, APPROVED by status', async () => {
    const start = (await post('/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000010' }))).body;
    const url = new URL(start.redirect!.url);
    // Spec, Test cards: "redirect to gateway page": the gateway's origin, not the ACS's.
    expect(url.origin).toBe(t.gw.ctx.urls.gateway);
    const page = await t.gw.api.inject({ method: 'GET', url: url.pathname, headers: { 'user-agent': 'vitest' } });
    expect(page.body).toContain('Decline');
    const back = await acsForm(url.href, { outcome: 'approve' });
    expect(back.headers.location).toBe(`https://merchant.example/return?transaction_id=${start.redirect!.transaction_id}&status=APPROVED`);
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${start.redirect!.transaction_id}/status`, undefined, auth);
    expect(status.body.transaction?.status).toBe('APPROVED');
  });

  it('redirect card declined at the bank page', async () => {
    const start = (await post('/api/transactions/authorize', await cardAuthorizeBody(t, { number: '5200000000000015' }))).body;
    const back = await acsForm(start.redirect!.url, { outcome: 'decline' });
    expect(back.headers.location).toContain('status=DECLINED');
  });

  it('form submit: Y approves, N declines, and a forged field changes nothing', async () => {
    for (const [number, expected] of [
      ['4000000000000028', 'APPROVED'],
      ['5200000000000023', 'APPROVED'],
      ['4000000000000036', 'DECLINED'],
      ['5200000000000031', 'DECLINED'],
    ] as const) {
      const start = (await post('/api/transactions/authorize', await cardAuthorizeBody(t, { number }))).body;
      const form = start.form_submit!;
      expect(new URL(form.url).origin).toBe(t.gw.ctx.urls.gateway);
      expect(form.data.trans_status).toBe(expected === 'APPROVED' ? 'Y' : 'N');
      const back = await acsForm(form.url, { ...form.data, trans_status: 'Y' });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location, number).toContain(`status=${expected}`);
    }
  });

  it('metadata simulate_redirect and simulate_form_submit for other cards', async () => {
    const redirect = await post('/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4111111111111111' }, { metadata: { simulate_redirect: true } }));
    expect(redirect.body.redirect).not.toBeNull();
    const form = await post('/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4111111111111111' }, { metadata: { simulate_form_submit: '{"trans_status":"N"}' } }));
    expect(form.body.form_submit?.data.trans_status).toBe('N');
  });
});

describe('options.three_ds.notification_url (Direct API)', () => {
  it('answers 400 before any transaction for an invalid URL', async () => {
    for (const bad of ['http://merchant.example/n', 'https://', `https://merchant.example/${'a'.repeat(250)}`, 'not a url']) {
      const reply = await post<ApiErrorBody>(
        '/api/transactions/authorize',
        await cardAuthorizeBody(t, { number: '4000000000000002' }, { options: { three_ds: { notification_url: bad } } }),
      );
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors[0]!.property).toBe('options.three_ds.notification_url');
    }
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
  });

  // Hostile suite regression: "https:///path" was accepted (the URL parser makes "path" the host).
  it('refuses a URL whose host is not written right after https://', async () => {
    for (const bad of ['https:///path', 'https:////m.example/n', 'https://\\m.example/n', 'https:// m.example/n', 'https://?x=1', 'https://#x']) {
      const reply = await post<ApiErrorBody>(
        '/api/transactions/authorize',
        await cardAuthorizeBody(t, { number: '4000000000000002' }, { options: { three_ds: { notification_url: bad } } }),
      );
      expect(reply.status, bad).toBe(400);
    }
    expect((await t.gw.ctx.store.count('transaction'))).toBe(0);
  });

  it('sends the CRes to the override, and takes authentication-completed without payment_data', async () => {
    const challenge = await fingerprint(
      await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE', { options: { three_ds: { notification_url: 'https://merchant.example/3ds' } } }),
    );
    const page = await answerChallenge(challenge, 'approve');
    expect(page.body).toContain('action="https://merchant.example/3ds"');
    const done = await post('/api/transactions/three-ds/authentication-completed', {
      session_id: challenge.action!.session_id,
      trans_status: 'Y',
    });
    expect(done.body.result?.status).toBe('APPROVED');
  });

  it('uses the default notification URL per integration', async () => {
    const challenge = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    const page = await answerChallenge(challenge, 'approve');
    expect(page.body).toContain(`${t.gw.ctx.urls.gateway}/three-ds/${challenge.action!.transaction_id}/challenge-notification-url`);
  });
});

// Hostile suite regression: a CReq naming a prototype key as its window size sized the page
// with the Object function ("width: undefined"); it now falls back to 05.
describe('hostile CReq', () => {
  it.each(['constructor', '__proto__', 'toString'])('sizes the challenge page 05 for challengeWindowSize %s', async (size) => {
    const challenge = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    const token = tokenOf(challenge);
    const creq = encodeBase64Json({
      threeDSServerTransID: token.three_ds_server_trans_id,
      acsTransID: token.acs_trans_id,
      messageVersion: token.message_version,
      messageType: 'CReq',
      challengeWindowSize: size,
    });
    const page = await acsForm(token.acs_url, { creq });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('undefined');
    expect(page.body).toContain('width: 100%');
  });
});

// Issue #11: the outcome of a challenge is the ACS's record, never what a client sends.
describe('the challenge outcome comes from the ACS record', () => {
  const statusOf = async (id: string) =>
    (await t.call<StatusResponse>('GET', `/api/transactions/${id}/status`, undefined, auth)).body.transaction!.status;

  /** A challenge started by the browser: an Embedded Fields session and the client key. */
  async function browserChallenge() {
    const session = await post<{ id: string }>('/api/sessions', {
      terminal_id: 'TERM00001', reference: uniqueReference('s'), description: 'Order', currency: 'EUR', amount: 1000, transaction_type: 'PURCHASE',
      return_url: 'https://merchant.example/back', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' },
    });
    const card = (await cardAuthorizeBody(t, { number: '4111111111111111' })).payment_method;
    const start = await t.call<ExecutionResponse>('POST', '/api/transactions/authorize', { session_id: session.body.id, payment_method: card, browser_info: TEST_BROWSER_INFO }, CLIENT_KEY);
    const action = start.body.action!;
    const challenge = await t.call<ExecutionResponse>('POST', `/api/transactions/three-ds/${action.session_id}/request-authentication`, { fingerprint_result: btoa('Y'), payment_data: action.payment_data }, CLIENT_KEY);
    return challenge.body;
  }
  const browserCompleted = (challenge: ExecutionResponse, trans_status: string) =>
    t.call<ExecutionResponse & ApiErrorBody>('POST', '/api/transactions/three-ds/authentication-completed', { payment_data: challenge.action!.payment_data, session_id: challenge.action!.session_id, trans_status }, CLIENT_KEY);

  it('a browser trans_status Y for a challenge the shopper declined at the ACS gives DECLINED', async () => {
    const challenge = await browserChallenge();
    await answerChallenge(challenge, 'decline');
    const reply = await browserCompleted(challenge, 'Y');
    expect(reply.body.result).toMatchObject({ status: 'DECLINED', approved: false });
  });

  it('a browser trans_status Y for a challenge the ACS never completed is a 422 and approves nothing', async () => {
    const challenge = await browserChallenge();
    const reply = await browserCompleted(challenge, 'Y');
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0]!.property).toBe('trans_status');
    expect(await statusOf(challenge.action!.transaction_id)).not.toBe('APPROVED');
    // The challenge stays open: the shopper may still answer it.
    await answerChallenge(challenge, 'approve');
    expect((await browserCompleted(challenge, 'N')).body.result?.status).toBe('APPROVED');
  });

  it('a merchant (bearer) call without an ACS record is refused the same way', async () => {
    const challenge = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    const reply = await post<ApiErrorBody>('/api/transactions/three-ds/authentication-completed', {
      payment_data: challenge.action!.payment_data, session_id: challenge.action!.session_id, trans_status: 'Y',
    });
    expect(reply.status).toBe(422);
    expect(await statusOf(challenge.action!.transaction_id)).not.toBe('APPROVED');
  });

  it('a forged CRes at the notification URL approves nothing: unknown challenge 422, declined challenge declined', async () => {
    const notify = async (challenge: ExecutionResponse) => {
      const cres = encodeBase64Json({ threeDSServerTransID: challenge.action!.session_id, acsTransID: tokenOf(challenge).acs_trans_id, messageType: 'CRes', transStatus: 'Y' });
      return t.gw.api.inject({
        method: 'POST',
        url: `/three-ds/${challenge.action!.transaction_id}/challenge-notification-url`,
        headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'document' },
        payload: new URLSearchParams({ cres }).toString(),
      });
    };
    const never = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    expect((await notify(never)).statusCode).toBe(422);
    expect(await statusOf(never.action!.transaction_id)).not.toBe('APPROVED');

    const declined = await fingerprint(await startFlow('VERSIONING_FINGERPRINT_Y_CHALLENGE'));
    await answerChallenge(declined, 'decline');
    const page = await notify(declined);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toContain('status=DECLINED');
    expect(await statusOf(declined.action!.transaction_id)).toBe('DECLINED');
  });
});
