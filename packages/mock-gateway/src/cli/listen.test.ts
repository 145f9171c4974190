/**
 * Issue #28: `mock-gateway listen` against a gateway on a real port prints each webhook event
 * and each delivery attempt as it happens, and `--forward-to` posts each delivery to a local
 * receiver signed as the gateway signs it (the receiver verifies the JWT against the
 * gateway's JWKS and the body's SHA-512); `events resend` sends one again, and listen prints
 * the new attempt. On every store (GATEWAY_TEST_STORE).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { challengePayment, startReceiver, type Receiver } from '../dashboard/dashboard-test-kit';
import { testGateway, type TestGateway } from '../test-harness';
import { eventsResend } from './events-resend';
import { listen } from './listen';

let t: TestGateway;
let gateway: string;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const config = loadConfig();
  config.webhook_url = receiver.url;
  config.webhook_retry_base_ms = 50;
  t = await testGateway({ config });
  await t.gw.api.listen({ host: '127.0.0.1', port: 0 });
  gateway = `http://127.0.0.1:${(t.gw.api.server.address() as AddressInfo).port}`;
  t.gw.ctx.urls.gateway = gateway;
}, 180_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A local receiver that verifies as the demo's does: 200 when the signature holds, 401 when not. */
async function verifyingReceiver(): Promise<{ url: string; verdicts: string[]; close(): Promise<void> }> {
  const jwks = createLocalJWKSet((await (await fetch(`${gateway}/.well-known/jwks.json`)).json()) as never);
  const verdicts: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const jwt = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      jwtVerify(jwt, jwks, { audience: 'MERCHANT0001' })
        .then(({ payload }) => {
          const digest = (payload.data as { SHA512?: string } | undefined)?.SHA512;
          const ok = digest === createHash('sha512').update(body).digest('hex') && payload.jti === request.headers['x-webhook-id'];
          verdicts.push(ok ? 'verified' : 'digest mismatch');
          response.writeHead(ok ? 200 : 401).end();
        })
        .catch((error: unknown) => {
          verdicts.push(`refused: ${String(error)}`);
          response.writeHead(401).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    verdicts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

it('prints each event and attempt as it happens, forwards each delivery signed, and prints a resend', async () => {
  const local = await verifyingReceiver();
  const lines: string[] = [];
  const stop = new AbortController();
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const running = listen({ gateway, forwardTo: local.url, print: (line) => lines.push(line), signal: stop.signal, onOpen: () => opened() });
  try {
    await open;
    const transactionId = await challengePayment(t, await t.auth());
    await t.gw.ctx.webhooks.idle();
    const [delivery] = await t.gw.ctx.webhooks.deliveries({ transactionId });
    await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toContain(`transaction ${transactionId}  delivery ${delivery!.id}`);
    expect(lines.join('\n')).toMatch(/transaction-svc:transaction:purchase:approved {2}transaction /);
    await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toMatch(new RegExp(`attempt 1 {2}POST ${receiver.url} {2}200 {2}\\d+ ms {2}"ok"`));
    await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toContain(`forwarded  POST ${local.url}  200`);
    expect(local.verdicts).toEqual(['verified']);

    // events resend: the same delivery again, and listen prints its new attempt.
    const printed: string[] = [];
    const resent = await eventsResend(gateway, delivery!.id, (line) => printed.push(line));
    expect(resent).toMatchObject({ id: delivery!.id, resends: 1 });
    expect(printed.join('\n')).toContain(`delivery ${delivery!.id}`);
    await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toMatch(/attempt 2 \(resend 1\) {2}POST .* {2}200/);
    await expect(eventsResend(gateway, 'no-such-delivery')).rejects.toThrow(/no webhook delivery no-such-delivery/);
  } finally {
    stop.abort();
    await running.catch(() => undefined);
    await local.close();
  }
}, 180_000);
