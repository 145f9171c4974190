/**
 * Traffic nobody here wrote, through a validating proxy built only on the gateway's served
 * /openapi.json (the QA kit's startValidatingProxy): every method on every documented path
 * and on paths the document lacks, ids too long or hostile, junk query strings, bodies that
 * are malformed, too large or of the wrong type, missing or wrong credentials, no User-Agent.
 * Every answer must be one the document allows, and none may be a 5xx.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, startValidatingProxy, uniqueReference, type ValidatingProxy } from '@payments/testing';
import { encodePathSegment, hostileString, hugeString } from './support/arbitraries';
import { customerApiBody, hostedPageBody, paymentBody, payoutBody, sessionBody } from './support/generators';
import { budget, checkProperty, countStatus } from './support/runs';

let gateway: RunningGateway;
let proxy: ValidatingProxy;
let templates: string[];
let bearer: string;
let ids: string[];

beforeAll(async () => {
  // A gateway as a QA team meets it: over HTTP, with no test hook inside it.
  gateway = await startGateway({ port: 0, host: '127.0.0.1', logger: false });
  proxy = await startValidatingProxy({ target: gateway.url });
  const document = (await (await fetch(`${gateway.url}/openapi.json`, { headers: { 'user-agent': 'contract-proxy' } })).json()) as { paths: object };
  templates = Object.keys(document.paths);
  const client = new GatewayClient(proxy.url);
  bearer = await client.accessToken();
  const customer = await client.createCustomer();
  const saved = await client.saveCard(customer.id);
  const session = await client.createSession({
    terminal_id: 'TERM00001',
    reference: uniqueReference('proxy'),
    description: 'Order',
    currency: 'EUR',
    amount: 1500,
    transaction_type: 'PURCHASE',
    return_url: 'https://shop.example/return',
  });
  ids = [session.id, customer.id, saved.paymentMethodId];
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await gateway?.close();
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Paths a prober tries: what the gateway serves besides its API, and paths nothing answers. */
const PROBED_PATHS = ['/dashboard', '/dashboard/', '/dashboard/x', '/dashboard/assets/x.js', '/dashboard/api/me', '/dashboard/api/sign-in', '/dashboard/api/sign-out', '/dashboard/api/sessions', '/dashboard/api/transactions', '/dashboard/api/transactions/x', '/dashboard/api/transactions/x/settle', '/dashboard/api/customers', '/dashboard/api/clock', '/dashboard/api/deliveries', '/dashboard/api/deliveries/x', '/dashboard/api/deliveries/x/resend', '/dashboard/api/live', '/dashboard/api/faults', '/dashboard/api/faults/clear', '/dashboard/api/reset', '/docs', '/docs/assets/x.js', '/sri.json', '/frames/card', '/frames/apm', '/frames/preload', '/frames/assets/x.js', '/1.0.0/embedded-fields.js', '/1.0.0/embedded-fields-actions.js', '/1.0.0/embedded-fields-connect.js', '/hpp/x', '/hpp/x/return', '/hpp/x/cancel', '/hpp/assets/x.js', '/assets/x.js', '/acs/redirect/x', '/acs/form-submit', '/three-ds/x/method-notification', '/three-ds/x/challenge-notification-url', '/three-ds/x/embedded-fields/challenge-notification-url', '/three-ds/x/hosted-payment-page/challenge-notification-url', '/openapi.json', '/openapi.yaml', '/', '/nope', '/api', '/api/', '/api/transactions', '/api/sessions/', '/oauth', '/__mock', '/.env', '/embedded-fields.js.map', '/frames/nope', '/hpp', '/dashboard/api/nope', '/assets/', '/openapi', '/docs/nope/deeper', '/health/nope', '//api/customers'];

interface Sent {
  method: (typeof METHODS)[number];
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('x', 'pm_123', '1.0.0', 'v1', 'index.js', 'card') },
  { weight: 2, arbitrary: fc.nat({ max: 2 }).map((i) => ids[i]!) },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length < 2_000).map(encodePathSegment) },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 3_000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '..', '%2e%2e', '') },
);

const path = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.nat(), fc.array(segment, { minLength: 3, maxLength: 3 })).map(([i, values]) => fill(templates[i % templates.length]!, values)) },
  { weight: 2, arbitrary: fc.constantFrom(...PROBED_PATHS) },
  { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`) },
);

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom('limit', 'status', 'cursor', 'q', 'x', '__proto__', 'limit[]'), hostileString.filter((s) => s.length < 500)), { maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodePathSegment(v)}`).join('&')}`) },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&', '?a=%zz', '?limit=1&limit=2', `?q=${'x'.repeat(10_000)}`) },
);

const body = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.oneof(sessionBody, hostedPageBody, paymentBody, payoutBody, customerApiBody).map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 2, arbitrary: fc.constantFrom('{', '{"a":', '[]', 'null', '""', '1e999', '\u0000', 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret').map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: hugeString({ minLength: 1_048_000, maxLength: 1_100_000 }).map((s) => Buffer.from(JSON.stringify({ email: s }))) },
);

const contentType = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'nonsense');

const credentials = fc.constantFrom<Record<string, string>>(
  {},
  { authorization: 'BEARER' },
  { authorization: 'Bearer nope' },
  { authorization: 'Basic dGVzdC1jbGllbnQ6dGVzdC1zZWNyZXQ=' },
  { 'x-client-key': 'test-client-key' },
  { 'x-client-key': 'nope' },
  { 'x-mock-token': 'nope' },
  { authorization: 'BEARER' },
);

const request: fc.Arbitrary<Sent> = fc
  .record({
    method: fc.constantFrom(...METHODS),
    path,
    query,
    body,
    contentType,
    credentials,
    userAgent: fc.constantFrom<string | undefined>('contract-proxy/1.0', 'contract-proxy/1.0', 'contract-proxy/1.0', undefined, ''),
    accept: fc.constantFrom<string | undefined>(undefined, 'application/json', 'text/html', 'application/xml', '*/*'),
  })
  .map((r) => ({
    method: r.method,
    path: `${r.path}${r.query}`,
    body: r.body,
    headers: {
      ...(r.credentials.authorization === 'BEARER' ? { authorization: `Bearer ${bearer}` } : r.credentials),
      ...(r.userAgent !== undefined ? { 'user-agent': r.userAgent } : {}),
      ...(r.contentType !== undefined ? { 'content-type': r.contentType } : {}),
      ...(r.accept !== undefined ? { accept: r.accept } : {}),
    },
  }));

/** A document path with its `{parameters}` replaced by `values`, in order. */
function fill(template: string, values: string[]): string {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => values[i++] ?? 'x');
}

/**
 * Sends exactly this request (fetch would refuse some of them) and waits for the answer; a
 * stream (server-sent events) is closed once it has started. Undefined when the gateway closed
 * the connection on a body over its limit (its early 413).
 */
function send(sent: Sent): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const url = new URL(proxy.url);
    const req = httpRequest({ host: url.hostname, port: url.port, method: sent.method, path: sent.path, headers: sent.headers }, (res) => {
      if (/event-stream/.test(res.headers['content-type'] ?? '')) {
        res.destroy();
        resolve(res.statusCode);
        return;
      }
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // A hang is a finding too: named with its request, not a suite timeout.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s: ${sent.method} ${sent.path.slice(0, 200)}`)));
    req.on('error', (error) => ((sent.body?.length ?? 0) > 1024 * 1024 && !/no answer within/.test(error.message) ? resolve(undefined) : reject(error)));
    req.end(sent.body);
  });
}

describe('every answer to traffic nobody here wrote holds to the served /openapi.json', () => {
  it(
    'through a validating proxy built only on that document',
    async () => {
      await checkProperty(
        'contract proxy: every answer matches the served document',
        fc.asyncProperty(request, async (sent) => {
          const status = await send(sent);
          if (status !== undefined) countStatus(status);
          const problems = proxy.takeMismatches();
          if (problems.length > 0) throw new Error(problems.join('\n'));
          expect(status ?? 0, `${sent.method} ${sent.path.slice(0, 200)}`).toBeLessThan(500);
        }),
        { runs: Math.max(200, Math.min(2_000, Number(process.env.HOSTILE_RUNS ?? 0) || 200)) },
      );
    },
    budget(200, 120_000),
  );
});
