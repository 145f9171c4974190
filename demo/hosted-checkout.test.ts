/**
 * "Pay on the hosted page" in the demo shop, against a real mock gateway: the shop page
 * offers it, the backend creates the hosted-page session and redirects to the gateway, and
 * the three return pages show the status the backend verified, whatever the query claims.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, contractGuard } from '@payments/testing';
import { startDemo, type RunningDemo } from './server';
import type { OrdersResponse } from './shared/api-types';

let gateway: RunningGateway;
// Every answer of the gateway holds to its /openapi.json, or the test that caused it fails.
const contract = contractGuard();
afterEach(() => contract.assertHeld());
let demo: RunningDemo;
let client: GatewayClient;

// Starting the shop opens its database; the first run on a machine also makes PGlite's cluster template (seconds).
beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '', contractCheck: contract.contractCheck });
  demo = await startDemo({ port: 0, gatewayUrl: gateway.url });
  client = new GatewayClient(gateway.url);
}, 60_000);

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
  return (await response.json()) as { id: string; reference: string; amount: number; description: string; hpp: { language: string | null } };
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
    expect(session.description).toBe('Beställning från Northwind Outfitters: Highland Grid Fleece'); // shown on the hosted page
    // The shop wrote the order down before sending the shopper to pay.
    const { orders } = (await (await fetch(`${demo.url}/api/orders`)).json()) as OrdersResponse;
    expect(orders.find((order) => order.reference === session.reference)).toMatchObject({ channel: 'hosted', locale: 'sv-SE', amount: 4999, currency: 'EUR', status: null });
    // The three return URLs are the shop's own: the gateway's exits lead there.
    const cancel = await fetch(`${gateway.url}/hpp/${session.id}/cancel`, { redirect: 'manual', headers: { 'user-agent': 'vitest' } });
    // The shop's pages, in the shopper's language and with the order number to show.
    expect(cancel.headers.get('location')).toBe(`${demo.url}/checkout/hosted/cancel?lang=sv-SE&order=${session.reference}&status=CANCELED`);
  });

  it('opens the hosted page in the language picked on the shop page (the form field), else the shopper\'s', async () => {
    expect((await sessionOf((await startHosted('ro-RO')).headers.get('location')!)).hpp.language).toBe('ro-RO');
    // Not one of ours: the shopper's cookie, else their browser's language, else English.
    expect((await sessionOf((await startHosted('de-DE')).headers.get('location')!)).hpp.language).toBe('en-US');
    const withCookie = await fetch(`${demo.url}/api/hosted-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'northwind-locale=bs-BA' },
      body: '',
      redirect: 'manual',
    });
    expect((await sessionOf(withCookie.headers.get('location')!)).hpp.language).toBe('bs-BA');
  });

  it('the shop page sends the chosen language with the button (a hidden field the page keeps in step)', async () => {
    const html = await (await fetch(`${demo.url}/`, { headers: { 'accept-language': 'sv-SE' } })).text();
    const form = html.slice(html.indexOf('<form class="hosted-option"'), html.indexOf('</form>'));
    expect(form).toContain('<input type="hidden" name="locale" id="hosted-locale" value="sv-SE">');
    expect(form).toContain('Betala på betalningssidan');
  });

  it('the success page shows the status verified with the gateway, not the query, as a sentence', async () => {
    const declined = await client.authorize({
      reference: `NW-HPP-${Date.now()}`,
      terminal_id: 'TERM00001',
      description: 'Highland Grid Fleece',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      return_url: `${demo.url}/return`,
      payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000044' }) },
      browser_info: TEST_BROWSER_INFO,
    });
    const tx = declined.result!;
    const page = await (await fetch(`${demo.url}/checkout/hosted/success?lang=en-US&transaction_id=${tx.id}&status=APPROVED`)).text();
    expect(page).toContain('Your payment was not approved');
    expect(page).toContain(`Nothing was charged for order ${tx.reference}.`);
    expect(page).not.toContain('DECLINED');
    expect(page).not.toContain(tx.id);
    expect(page).not.toContain(tx.processing_code);
  });

  it.each([
    ['en-US', 'You canceled the payment', 'Nothing was charged for order NW-ABC-123. Your basket is still here when you are ready to pay.', 'Back to your basket'],
    ['bs-BA', 'Otkazali ste plaćanje', 'Za narudžbu NW-ABC-123 ništa nije naplaćeno. Vaša korpa Vas čeka kada budete spremni za plaćanje.', 'Nazad u korpu'],
    ['ro-RO', 'Ați anulat plata', 'Nu s-a debitat nicio sumă pentru comanda NW-ABC-123. Coșul vă așteaptă când sunteți gata să plătiți.', 'Înapoi la coș'],
    ['sv-SE', 'Du avbröt betalningen', 'Inget har dragits för beställning NW-ABC-123. Varukorgen finns kvar när du vill betala.', 'Tillbaka till varukorgen'],
  ])('%s: the cancel page says it was cancelled, names the order and links back to the basket', async (locale, title, sentence, back) => {
    const cancel = await (await fetch(`${demo.url}/checkout/hosted/cancel?lang=${locale}&order=NW-ABC-123&status=CANCELED`)).text();
    expect(cancel).toContain(`<html lang="${locale}">`);
    expect(cancel).toContain(`<h1 id="outcome-heading">${title}</h1>`);
    expect(cancel).toContain(sentence);
    expect(cancel).toContain(`<a class="button-secondary" href="/?lang=${locale}">${back}</a>`);
    expect(cancel).not.toMatch(/CANCELED|UNKNOWN|—|<dd><\/dd>/);
  });

  it('a cancel without an order number still says nothing was charged; an error without a payment says it could not find it', async () => {
    const cancel = await (await fetch(`${demo.url}/checkout/hosted/cancel?status=CANCELED&order=%3Cb%3E`)).text();
    expect(cancel).toContain('Nothing was charged. Your basket is still here when you are ready to pay.');
    expect(cancel).not.toContain('&lt;b&gt;');
    const error = await (await fetch(`${demo.url}/checkout/hosted/error?status=EXPIRED`)).text();
    expect(error).toContain('We could not find this payment');
    // The shop's own order number in its error URL: the order was not paid, and how to try again.
    const unpaid = await (await fetch(`${demo.url}/checkout/hosted/error?lang=bs-BA&order=NW-ABC-123&status=EXPIRED`)).text();
    expect(unpaid).toContain('<h1 id="outcome-heading">Vaše plaćanje nije odobreno</h1>');
    expect(unpaid).toContain('Za narudžbu NW-ABC-123 ništa nije naplaćeno. Možete pokušati ponovo drugom karticom ili drugim načinom plaćanja.');
    expect(unpaid).not.toContain('EXPIRED');
  });

  it('a hosted page the gateway could not create: a page in the shopper\'s language, not JSON', async () => {
    await gateway.close();
    try {
      const response = await startHosted('ro-RO');
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('<h1 id="outcome-heading">Nu am putut deschide pagina de plată</h1>');
      expect(html).toContain('Înapoi la coș');
    } finally {
      gateway = await startGateway({ port: Number(new URL(gateway.url).port), webhookUrl: '', contractCheck: contract.contractCheck });
    }
  });
});
