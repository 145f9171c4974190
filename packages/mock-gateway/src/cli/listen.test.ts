/**
 * Issue #28: `mock-gateway listen` against a gateway on a real port prints each webhook event
 * and each delivery attempt as it happens, and `--forward-to` posts each delivery to a local
 * receiver signed as the gateway signs it (the receiver verifies the JWT against the
 * gateway's JWKS and the body's SHA-512); `events resend` sends one again, and listen prints
 * the new attempt. On every store (GATEWAY_TEST_STORE).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { challengePayment, startReceiver, type Receiver } from '../dashboard/dashboard-test-kit';
import { testGateway, type TestGateway } from '../test-harness';
import { createWebhookVerifier } from '../webhooks/webhook-verifier';
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

/** A local receiver that verifies as the demo's does (the QA kit's verifier): 200 when the signature holds, 401 when not. */
async function verifyingReceiver(): Promise<{ url: string; verdicts: string[]; close(): Promise<void> }> {
  const verify = createWebhookVerifier({ gatewayUrl: gateway, merchantId: 'MERCHANT0001' });
  const verdicts: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void verify(Buffer.concat(chunks), request.headers.authorization).then((verified) => {
        const ok = verified.ok && verified.deliveryId === request.headers['x-webhook-id'];
        verdicts.push(ok ? 'verified' : verified.ok ? 'x-webhook-id is not the jti' : verified.reason);
        response.writeHead(ok ? 200 : 401).end();
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
    await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toMatch(new RegExp(`forwarded {2}POST ${local.url} {2}200 {2}\\d+ ms {2}\\(signature verified\\)`));
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
