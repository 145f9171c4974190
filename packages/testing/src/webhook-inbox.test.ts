/**
 * The QA kit's webhook inbox against a real gateway over HTTP: it keeps a delivery once by
 * its signed delivery id (jti), acknowledges a replay without keeping it whatever the unsigned headers say,
 * and refuses a genuine webhook signed for another merchant (aud).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_BROWSER_INFO } from '@payments/core';
import { GatewayClient, TEST_CREDENTIALS_2, uniqueReference } from './gateway-client';
import { startTestGateway, type TestGateway } from './test-gateway';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

async function pay(client: GatewayClient, terminal: string): Promise<string> {
  const execution = await client.authorize({
    reference: uniqueReference('inbox'), terminal_id: terminal, description: 'Order', currency: 'EUR', amount: 100, transaction_type: 'PURCHASE',
    payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000002' }) }, return_url: 'https://merchant.example/back', browser_info: TEST_BROWSER_INFO,
  });
  return execution.result!.id;
}

it('keeps one event per signed delivery id: a replay is acknowledged (so retries stop) and not kept again', async () => {
  const id = await pay(gateway.client, 'TERM00001');
  await gateway.webhooks.waitFor((event) => (event.body as { payload?: { id?: string } }).payload?.id === id);
  // Capture what the gateway sends by pointing it at a recorder, then replay it to the inbox.
  const captured: { body: string; authorization: string }[] = [];
  const { createServer } = await import('node:http');
  const recorder = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      captured.push({ body: Buffer.concat(chunks).toString('utf8'), authorization: String(request.headers.authorization) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const recorderUrl = `http://127.0.0.1:${(recorder.address() as { port: number }).port}/`;
  try {
    gateway.running.ctx.webhooks.setUrl(recorderUrl);
    await pay(gateway.client, 'TERM00001');
    await pay(new GatewayClient(gateway.url, TEST_CREDENTIALS_2), 'TERM00009');
    await gateway.running.ctx.webhooks.idle();
  } finally {
    gateway.running.ctx.webhooks.setUrl(gateway.webhooks.url);
    recorder.close();
  }
  const send = (entry: { body: string; authorization: string }, webhookId: string) =>
    fetch(gateway.webhooks.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: entry.authorization, 'x-webhook-id': webhookId }, body: entry.body });
  const ours = captured.find((entry) => entry.body.includes('"MERCHANT0001"'))!;
  const theirs = captured.find((entry) => entry.body.includes('"MERCHANT0002"'))!;
  const before = gateway.webhooks.events().length;
  expect((await send(ours, 'a')).status).toBe(200);
  const replay = await send(ours, 'b');
  expect(replay.status).toBe(200);
  expect(await replay.json()).toEqual({ duplicate: true });
  expect(gateway.webhooks.events().length).toBe(before + 1);
  expect(gateway.webhooks.replayed()).toBe(1);
  expect((await send(theirs, 'c')).status).toBe(401);
});
