/**
 * The demo shop's pages and checkout against a real mock gateway: the CSP and the
 * embedded-fields.js <script src>, sessions created server-side (never the secret in the
 * browser), scenarios that pick the full simulator, and a return page that shows the
 * gateway's status whatever the query claims.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { GatewayClient, TEST_BROWSER_INFO, TEST_CREDENTIALS, uniqueReference, contractGuard } from '@payments/testing';
import { escapeHtml, renderTemplate } from './backend/html';
import type { CheckoutResponse, ScenariosResponse } from './shared/api-types';
import { shopTexts } from './shared/i18n';
import { startDemo, type RunningDemo } from './server';

let gateway: RunningGateway;
// Every answer of the gateway holds to its /openapi.json, or the test that caused it fails.
const contract = contractGuard();
afterEach(() => contract.assertHeld());
let demo: RunningDemo;
let client: GatewayClient;

// Starting the shop opens its database; the first run on a machine also makes PGlite's cluster template (seconds).
beforeAll(async () => {
  gateway = await startGateway({ port: 0, webhookUrl: '', contractCheck: contract.contractCheck });
  demo = await startDemo({ port: 0, gatewayUrl: gateway.url }); // ACS origin asked of /__mock/config
  client = new GatewayClient(gateway.url);
}, 60_000);

afterAll(async () => {
  await demo?.close();
  await gateway?.close();
});

async function checkout(body: unknown): Promise<Response> {
  return fetch(`${demo.url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('shop page', () => {
  it('loads embedded-fields.js from the gateway under a CSP that allows only it', async () => {
    const response = await fetch(`${demo.url}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${gateway.url};`);
    expect(csp).toContain(`frame-src ${gateway.url} ${gateway.acsUrl};`);
    expect(csp).toContain(`form-action 'self' ${gateway.acsUrl} ${gateway.url};`);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const html = await response.text();
    expect(html).toContain('<html lang="en-US">');
    // Pinned with Subresource Integrity (the gateway's /sri.json).
    expect(html).toMatch(new RegExp(`<script src="${gateway.url}/embedded-fields\\.js" integrity="sha384-[A-Za-z0-9+/=]+" crossorigin="anonymous" defer></script>`));
    expect(html).toContain('<div id="card-element"');
    // No inline script or style: every <script> has a src, no style attributes or elements.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    expect(html).not.toMatch(/\sstyle=|<style/);
    expect(html).not.toContain('{{');
  });

  it('serves the page script and stylesheet from its own origin', async () => {
    const script = await fetch(`${demo.url}/shop.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(source).toContain('Payment form could not load');
    expect(source).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML/);
    expect((await fetch(`${demo.url}/shop.css`)).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${demo.url}/index.html`)).status).toBe(404); // the template is not served raw
  });

  it("renders the page in the shopper's language: Accept-Language, or the language picked before (cookie)", async () => {
    const romanian = await (await fetch(`${demo.url}/`, { headers: { 'accept-language': 'ro-RO,ro;q=0.9' } })).text();
    expect(romanian).toContain('<html lang="ro-RO">');
    expect(romanian).toContain('<li data-t="freeReturns">Retur gratuit în 30 de zile</li>'); // Intl.PluralRules: "de" from 20
    expect(romanian).toContain('<li data-t="shipsWithin">Expediere în 2 zile lucrătoare</li>');
    expect(romanian).toMatch(/<span id="pay-label">Plătiți 49,99\sEUR<\/span>/);
    expect(romanian).toContain('<input type="hidden" name="locale" id="hosted-locale" value="ro-RO">');
    const bosnian = await (await fetch(`${demo.url}/`, { headers: { cookie: 'northwind-locale=bs-BA', 'accept-language': 'sv' } })).text();
    expect(bosnian).toContain('<html lang="bs-BA">');
    expect(bosnian).toContain('<li data-t="shipsWithin">Šaljemo u roku od 2 radna dana</li>');
    expect(bosnian).toContain('<button class="button-secondary" type="submit" data-t="hostedButton">Platite na stranici za plaćanje</button>');
    // The testing panel stays English and says so.
    expect(bosnian).toContain('<section class="panel qa" aria-labelledby="qa-heading" lang="en">');
    expect(bosnian).toContain('Developer details (not shown to shoppers in a real shop)');
  });

  it('sends a shopper on another host name to the public origin', async () => {
    const port = new URL(demo.url).port;
    const response = await fetch(`http://127.0.0.1:${port}/?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`http://localhost:${port}/?x=1`);
  });
});

describe('checkout', () => {
  it('creates a session server-side and gives the page only public values', async () => {
    const response = await checkout({ locale: 'sv-SE' });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(TEST_CREDENTIALS.clientSecret);
    const started = JSON.parse(text) as CheckoutResponse;
    expect(started).toMatchObject({ clientKey: 'test-client-key', environment: 'test', gatewayUrl: gateway.url, locale: 'sv-SE', amount: 4999, currency: 'EUR' });

    const session = await client.request<{ terminal_id: string; return_url: string; amount: number; status: string }>(
      'GET',
      `/api/sessions/${started.sessionId}`,
    );
    // The return page comes back in the shopper's language even without the page's cookie.
    expect(session).toMatchObject({ terminal_id: 'TERM00001', return_url: `${demo.url}/return?lang=sv-SE`, amount: 4999, status: 'CREATED' });
  });

  it('starts a full-simulator scenario on TERM00002, and refuses unknown ones', async () => {
    const { scenarios } = (await (await fetch(`${demo.url}/api/scenarios`)).json()) as ScenariosResponse;
    expect(scenarios.map((scenario) => scenario.id)).toContain('VERSIONING_FINGERPRINT_Y_CHALLENGE');
    expect(scenarios[0]!.cards.map((card) => card.number)).toContain('4000000000000044');

    const started = (await (await checkout({ scenario: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' })).json()) as CheckoutResponse;
    const session = await client.request<{ terminal_id: string }>('GET', `/api/sessions/${started.sessionId}`);
    expect(session.terminal_id).toBe('TERM00002');

    expect((await checkout({ scenario: 'nope' })).status).toBe(400);
    expect((await checkout({ locale: 'de-DE' })).status).toBe(400);
    // The page cannot send metadata: unknown properties are dropped (Fastify's Ajv removeAdditional).
    const stripped = (await (await checkout({ metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_N_FRICTIONLESS' } })).json()) as CheckoutResponse;
    expect(stripped.scenario).toBe('test-cards');
    expect((await client.request<{ terminal_id: string }>('GET', `/api/sessions/${stripped.sessionId}`)).terminal_id).toBe('TERM00001');
  });
});

describe('return page', () => {
  async function declinedPayment() {
    const execution = await client.authorize({
      reference: uniqueReference('demo'),
      terminal_id: 'TERM00001',
      description: 'Northwind Outfitters order',
      currency: 'EUR',
      amount: 4999,
      transaction_type: 'PURCHASE',
      payment_method: { type: 'card', data: await client.encryptCard({ number: '4000000000000044' }) },
      return_url: `${demo.url}/return`,
      browser_info: TEST_BROWSER_INFO,
    });
    expect(execution.result?.status).toBe('DECLINED');
    return execution.result!;
  }

  it('shows the status the gateway holds, not the one in the query', async () => {
    const declined = await declinedPayment();
    const html = await (await fetch(`${demo.url}/return?transaction_id=${declined.id}&status=APPROVED`)).text();
    expect(html).toContain('<h1 id="outcome-heading">Your payment was not approved</h1>');
    expect(html).not.toContain('Thank you');

    const unknown = await (await fetch(`${demo.url}/return?transaction_id=${'<b>'}&status=APPROVED`)).text();
    expect(unknown).toContain('We could not find this payment');
    expect(unknown).not.toContain('<b>');
  });

  /** The shopper's page: a sentence with the order number, and none of the developer's data. */
  function expectShopperPage(html: string, transaction: { id: string; reference: string; processing_code: string | null; status: string }) {
    expect(html).toContain(transaction.reference);
    expect(html).not.toContain(transaction.id);
    expect(html).not.toContain(transaction.status);
    expect(html).not.toMatch(new RegExp(`\\b${transaction.processing_code}\\b`));
    expect(html).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i); // no UUID at all
    expect(html).not.toMatch(/\b(APPROVED|DECLINED|CANCELED|PENDING|FAILED|UNKNOWN)\b/);
    expect(html).not.toMatch(/\*{4}|•{4}/); // no masked card
  }

  it.each([
    ['en-US', 'Your payment was not approved', 'Your bank declined the payment because of insufficient funds. Nothing was charged for order {order}.', 'Back to your basket'],
    ['ro-RO', 'Plata nu a fost aprobată', 'Banca dumneavoastră a refuzat plata din cauza fondurilor insuficiente. Nu s-a debitat nicio sumă pentru comanda {order}.', 'Înapoi la coș'],
    ['sv-SE', 'Din betalning godkändes inte', 'Din bank nekade betalningen på grund av otillräckligt saldo. Inget har dragits för beställning {order}.', 'Tillbaka till varukorgen'],
  ])('%s: says what happened with the order number and what to do next, no codes, ids or status words', async (locale, title, sentence, back) => {
    const declined = await declinedPayment();
    expect(declined.processing_code).toBe('1004');
    const html = await (await fetch(`${demo.url}/return?lang=${locale}&transaction_id=${declined.id}&status=DECLINED`)).text();
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<h1 id="outcome-heading">${title}</h1>`);
    expect(html).toContain(sentence.replace('{order}', declined.reference));
    expect(html).toContain(`href="/?lang=${locale}">${back}</a>`);
    expectShopperPage(html, declined);
  });

  it.each(['en-US', 'bs-BA', 'ro-RO', 'sv-SE'] as const)(
    "%s: a bank redirect the shopper left at the bank says the bank has not confirmed it yet, not that it was canceled; then the bank's answer",
    async (locale) => {
      const reference = uniqueReference('demo-bank');
      const execution = await client.authorize({
        reference,
        terminal_id: 'TERM00001',
        description: 'Northwind Outfitters order',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        payment_method: { type: 'bank-network-redirect', data: {} },
        return_url: `${demo.url}/return`,
        error_url: `${demo.url}/return`,
        cancel_url: `${demo.url}/return?lang=${locale}`,
      });
      const left = await fetch(execution.redirect!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'vitest' },
        body: 'outcome=abandon',
        redirect: 'manual',
      });
      const back = left.headers.get('location')!;
      expect(back).toMatch(new RegExp(`^${demo.url}/return\\?lang=${locale}&transaction_id=`));
      const texts = shopTexts(locale).outcome;
      const html = await (await fetch(back)).text();
      expect(html).toContain(`<h1 id="outcome-heading">${escapeHtml(texts.bankPendingTitle)}</h1>`);
      expect(html).toContain(escapeHtml(texts.bankPendingLine.replace('{order}', reference)));
      expect(html).not.toContain(escapeHtml(texts.canceledTitle));
      expect(html).toContain(`href="/?lang=${locale}">${escapeHtml(texts.backToBasket)}</a>`);
      const transaction = (await client.status(execution.redirect!.transaction_id)).transaction!;
      expectShopperPage(html, transaction);

      // The bank reports later: the same page now says the order is paid.
      await client.request('POST', `/__mock/transactions/${transaction.id}/settle`, { outcome: 'approve' });
      expect(await (await fetch(back)).text()).toContain(`<h1 id="outcome-heading">${escapeHtml(texts.approvedTitle)}</h1>`);
    },
  );

  it("follows the shopper's cookie first, then lang, then Accept-Language", async () => {
    const declined = await declinedPayment();
    const page = (query: string, headers: Record<string, string>) => fetch(`${demo.url}/return?transaction_id=${declined.id}${query}`, { headers }).then((r) => r.text());
    expect(await page('&lang=sv-SE', { cookie: 'northwind-locale=bs-BA' })).toContain('<h1 id="outcome-heading">Vaše plaćanje nije odobreno</h1>');
    expect(await page('&lang=sv-SE', {})).toContain('<html lang="sv-SE">');
    expect(await page('', { 'accept-language': 'de-DE, ro;q=0.8, en;q=0.5' })).toContain('<html lang="ro-RO">');
    expect(await page('&lang=xx', { cookie: 'northwind-locale=nope' })).toContain('<html lang="en-US">');
  });
});

describe('pieces', () => {
  it('escapes every template value', () => {
    expect(escapeHtml(`"><script>'&`)).toBe('&quot;&gt;&lt;script&gt;&#39;&amp;');
    expect(renderTemplate('<a href="{{url}}">{{url}}</a>', { url: 'x" onclick="y' })).toBe(
      '<a href="x&quot; onclick=&quot;y">x&quot; onclick=&quot;y</a>',
    );
    expect(() => renderTemplate('{{missing}}', {})).toThrow(/missing/);
    expect(() => renderTemplate('none', { extra: 'x' })).toThrow(/extra/);
  });
});
