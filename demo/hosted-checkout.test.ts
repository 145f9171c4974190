/**
 * "Pay on the hosted page" in the demo shop, against a real mock gateway: the shop page
 * offers it, the backend creates the hosted-page session and redirects to the gateway, and
 * the three return pages show the status the backend verified, whatever the query claims.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient } from '@payments/testing';
import { startDemo, type RunningDemo } from './server';

let gateway: RunningGateway;
let demo: RunningDemo;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '' });
  demo = await startDemo({ port: 0, gatewayUrl: gateway.url });
  client = new GatewayClient(gateway.url);
});

afterAll(async () => {
  await demo?.close();
  await gateway?.close();
});

const startHosted = (locale?: string) =>
  fetch(`${demo.url}/api/hosted-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: locale ? new URLSearchParams({ locale }).toString() : '',
    redirect: 'manual',
  });

async function sessionOf(location: string) {
  const id = new URL(location).pathname.split('/').pop()!;
  const response = await fetch(`${gateway.url}/api/sessions/${id}`, { headers: { 'x-client-key': 'test-client-key', 'user-agent': 'vitest' } });
  return (await response.json()) as { id: string; reference: string; amount: number; hpp: { language: string | null } };
}

describe('pay on the hosted page', () => {
  it('the shop page offers it beside the card form', async () => {
    const html = await (await fetch(`${demo.url}/`)).text();
    expect(html).toContain('<form class="hosted-option" method="post" action="/api/hosted-checkout"');
    expect(html).toContain('Pay on the hosted page');
  });

  it('creates the session server-side and sends the browser to the gateway (303)', async () => {
    const response = await startHosted('sv-SE');
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${gateway.url}/hpp/[0-9a-f-]{36}$`));
    const session = await sessionOf(location);
    expect(session.amount).toBe(4999);
    expect(session.reference).toMatch(/^NW-/);
    expect(session.hpp.language).toBe('sv-SE');
    // The three return URLs are the shop's own: the gateway's exits lead there.
    const cancel = await fetch(`${gateway.url}/hpp/${session.id}/cancel`, { redirect: 'manual', headers: { 'user-agent': 'vitest' } });
    expect(cancel.headers.get('location')).toBe(`${demo.url}/checkout/hosted/cancel?status=CANCELED`);
  });

  it('ignores a language it does not know', async () => {
    const session = await sessionOf((await startHosted('de-DE')).headers.get('location')!);
    expect(session.hpp.language).toBeNull();
  });

  it('the success page shows the status verified with the gateway, not the query', async () => {
    const declined = await client.authorize({
      reference: `hpp-demo-${Date.now()}`,
      terminal_id: 'TERM00001',
      description: 'Highland Grid Fleece',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      return_url: `${demo.url}/return`,
      payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000044' }) },
      browser_info: TEST_BROWSER_INFO,
    });
    const page = await (await fetch(`${demo.url}/checkout/hosted/success?transaction_id=${declined.result!.id}&status=APPROVED`)).text();
    expect(page).toContain('Your payment was not approved');
    expect(page).toContain('DECLINED');
  });

  it('cancel without a payment says nothing was charged; an error without one says it could not find it', async () => {
    const cancel = await (await fetch(`${demo.url}/checkout/hosted/cancel?status=CANCELED`)).text();
    expect(cancel).toContain('You canceled the payment');
    expect(cancel).toContain('Nothing was charged');
    const error = await (await fetch(`${demo.url}/checkout/hosted/error?status=EXPIRED`)).text();
    expect(error).toContain('We could not find this payment');
  });
});
