/**
 * What the dashboard's suites share: a webhook receiver on a real port, a payment through
 * a 3-D Secure challenge answered at the issuer's page (as a browser would drive it), and
 * dashboard requests as a browser on another machine or on this one would send them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeBase64Json, encodeBase64Json, type ExecutionResponse, type ThreeDsActionToken } from '@payments/core';
import type { TestGateway } from '../test-harness';
import { cardAuthorizeBody } from '../test-payments';

export interface Receiver {
  url: string;
  received: { id: string; attempt: string; body: string }[];
  /** What it answers from now on. */
  answer: { status: number; body: string };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const state = { status: 200, body: 'ok' };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ id: String(request.headers['x-webhook-id']), attempt: String(request.headers['x-webhook-attempt']), body });
      response.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    answer: state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Direct API payment on the full simulator: fingerprint, challenge approved at the ACS, completed. */
export async function challengePayment(t: TestGateway, auth: Record<string, string>, card = '4111111111111111'): Promise<string> {
  const post = async (url: string, body: unknown) => (await t.call<ExecutionResponse>('POST', url, body, auth)).body;
  const body = await cardAuthorizeBody(t, { number: card }, { terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } });
  const start = await post('/api/transactions/authorize', body);
  const challenge = await post(`/api/transactions/three-ds/${start.action!.session_id}/request-authentication`, {
    fingerprint_result: btoa('Y'),
    payment_data: start.action!.payment_data,
  });
  const token = decodeBase64Json<ThreeDsActionToken>(challenge.action!.token);
  const acs = (url: string, fields: Record<string, string>) =>
    t.gw.acs.inject({ method: 'POST', url, headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const creq = encodeBase64Json({
    threeDSServerTransID: token.three_ds_server_trans_id,
    acsTransID: token.acs_trans_id,
    messageVersion: token.message_version,
    messageType: 'CReq',
    challengeWindowSize: token.challenge_window_size,
  });
  await acs('/acs/challenge', { creq });
  await acs('/acs/challenge/result', { three_ds_server_trans_id: token.three_ds_server_trans_id, acs_trans_id: token.acs_trans_id, outcome: 'approve' });
  const done = await post('/api/transactions/three-ds/authentication-completed', {
    payment_data: challenge.action!.payment_data,
    session_id: challenge.action!.session_id,
    trans_status: 'Y',
  });
  if (done.result?.status !== 'APPROVED') throw new Error(`the challenge payment was not approved: ${JSON.stringify(done)}`);
  return start.action!.transaction_id;
}

/** A request to the dashboard, from this machine (loopback) or another (`remote`), with a cookie and CSRF token when given. */
export async function dashboard(
  t: TestGateway,
  method: 'GET' | 'HEAD' | 'POST',
  url: string,
  options: { remote?: boolean; cookie?: string; csrf?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await t.gw.api.inject({
    method,
    url,
    remoteAddress: options.remote ? '203.0.113.7' : '127.0.0.1',
    headers: {
      'user-agent': 'vitest',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.csrf ? { 'x-csrf-token': options.csrf } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
  });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    json: (() => {
      try {
        return JSON.parse(response.body) as Record<string, unknown>;
      } catch {
        return {} as Record<string, unknown>;
      }
    })(),
    cookie: typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined,
    setCookie: typeof setCookie === 'string' ? setCookie : undefined,
  };
}

/** Signs in from another machine: the session cookie and its CSRF token. */
export async function signedIn(t: TestGateway, clientId: string, clientSecret: string): Promise<{ cookie: string; csrf: string }> {
  const signIn = await dashboard(t, 'POST', '/dashboard/api/sign-in', { remote: true, body: { client_id: clientId, client_secret: clientSecret } });
  if (signIn.status !== 200 || !signIn.cookie) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  const me = await dashboard(t, 'GET', '/dashboard/api/me', { remote: true, cookie: signIn.cookie });
  return { cookie: signIn.cookie, csrf: String(me.json.csrf_token) };
}
