/**
 * The issuer's and providers' pages speak the shopper's language: `<html lang>`, every word
 * and every button's name, from the hosted page session's language, browser_info.language
 * (or a method's data.language) or Accept-Language, in that order; under the same strict CSP,
 * outside input escaped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOCALES,
  TEST_BROWSER_INFO,
  decodeBase64Json,
  encodeBase64Json,
  formatAmount,
  gatewayPageTexts,
  type ExecutionResponse,
  type LocaleTag,
  type StatusResponse,
  type ThreeDsActionToken,
} from '@payments/core';
import { testGateway, type TestGateway } from '../test-harness';
import { cardAuthorizeBody, uniqueReference } from '../test-payments';

let t: TestGateway;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await testGateway();
  auth = await t.auth();
});
afterEach(() => t.close());

const post = <T = ExecutionResponse>(url: string, body: unknown) => t.call<T>('POST', url, body, auth);

/** What a shopper and a screen reader get from a page: its language, its buttons' names, its CSP. */
function read(page: { body: string; headers: Record<string, unknown> }) {
  return {
    lang: /<html lang="([^"]+)">/.exec(page.body)?.[1],
    buttons: [...page.body.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]!.trim()),
    csp: String(page.headers['content-security-policy']),
  };
}

function expectStrictCsp(csp: string): void {
  expect(csp).toMatch(/script-src 'nonce-[^']+'(;|$)/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("default-src 'none'");
}

async function challengePage(language: string, headers: Record<string, string> = {}) {
  const body = await cardAuthorizeBody(t, { number: '4111111111111111' }, {
    metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' },
    browser_info: { ...TEST_BROWSER_INFO, language },
  });
  const start = (await post('/api/transactions/authorize', body)).body;
  const action = start.action!;
  const challenge = (
    await post(`/api/transactions/three-ds/${action.session_id}/request-authentication`, { fingerprint_result: btoa('Y'), payment_data: action.payment_data })
  ).body;
  const token = decodeBase64Json<ThreeDsActionToken>(challenge.action!.token);
  const creq = encodeBase64Json({
    threeDSServerTransID: token.three_ds_server_trans_id,
    acsTransID: token.acs_trans_id,
    messageVersion: token.message_version,
    messageType: 'CReq',
    challengeWindowSize: token.challenge_window_size,
  });
  const form = (fields: Record<string, string>, url: string) =>
    t.gw.acs.inject({
      method: 'POST',
      url,
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const page = await form({ creq }, new URL(token.acs_url).pathname);
  const answered = () =>
    form({ three_ds_server_trans_id: token.three_ds_server_trans_id, acs_trans_id: token.acs_trans_id, outcome: 'approve' }, '/acs/challenge/result');
  return { page, answered };
}

const BROWSER_LANGUAGES: Record<LocaleTag, string> = { 'en-US': 'en-US', 'bs-BA': 'bs', 'ro-RO': 'ro-RO', 'sv-SE': 'sv-FI' };

describe.each(LOCALES)('the issuer (ACS) in %s', (locale) => {
  const words = gatewayPageTexts(locale);

  it('challenge page: lang, heading, amount and both buttons in the language, strict CSP', async () => {
    const { page, answered } = await challengePage(BROWSER_LANGUAGES[locale]);
    expect(page.statusCode).toBe(200);
    const seen = read(page);
    expect(seen.lang).toBe(locale);
    expect(seen.buttons).toEqual([words.approve, words.decline]);
    expect(page.body).toContain(`<h1>${words.verifyTitle}</h1>`);
    expect(page.body).toContain(`<title>${words.verifyTitle}</title>`);
    expect(page.body).toContain(formatAmount(4999, 'EUR', locale));
    expect(page.body).toContain(words.verifyIntro);
    expectStrictCsp(seen.csp);
    const result = await answered();
    expect(read(result).lang).toBe(locale);
    expect(result.body).toContain(words.verifiedLine);
  });

  it('redirect page on the gateway: lang and buttons in the language', async () => {
    const body = await cardAuthorizeBody(t, { number: '4000000000000010' }, { browser_info: { ...TEST_BROWSER_INFO, language: BROWSER_LANGUAGES[locale] } });
    const start = (await post('/api/transactions/authorize', body)).body;
    const page = await t.gw.api.inject({ method: 'GET', url: new URL(start.redirect!.url).pathname, headers: { 'user-agent': 'vitest' } });
    const seen = read(page);
    expect(seen.lang).toBe(locale);
    expect(seen.buttons).toEqual([words.approve, words.decline]);
    expect(page.body).toContain(words.redirectIntro);
    expectStrictCsp(seen.csp);
  });

  it('provider page (Accept-Language): lang, the three buttons, the BLIK field', async () => {
    const redirect = await providerPayment('provider-x-local', { email: 'jan@example.pl', first_name: 'Jan', last_name: 'Nowak' }, 'PLN');
    const page = await t.gw.acs.inject({
      method: 'GET',
      url: new URL(redirect.url).pathname,
      headers: { 'user-agent': 'vitest', 'accept-language': `de-DE,${BROWSER_LANGUAGES[locale]};q=0.8,en;q=0.5` },
    });
    const seen = read(page);
    expect(seen.lang).toBe(locale);
    expect(seen.buttons).toEqual([words.approve, words.decline, words.abandon]);
    expect(page.body).toContain(`<label for="blik">${words.blikCode}</label>`);
    expect(page.body).toContain(formatAmount(1500, 'PLN', locale));
    expectStrictCsp(seen.csp);
  });
});

async function providerPayment(type: string, data: Record<string, unknown>, currency = 'EUR', description = 'Order 42') {
  const reply = await post('/api/transactions/authorize', {
    reference: uniqueReference('apm'),
    terminal_id: 'TERM00001',
    description,
    currency,
    amount: 1500,
    transaction_type: 'PURCHASE',
    return_url: 'https://shop.example/return',
    error_url: 'https://shop.example/error',
    cancel_url: 'https://shop.example/cancel',
    payment_method: { type, data },
  });
  expect(reply.body.redirect, JSON.stringify(reply.body)).not.toBeNull();
  return reply.body.redirect!;
}

describe('choosing the language', () => {
  it('a method\'s data.language wins over Accept-Language; the hosted page session\'s language over both', async () => {
    const redirect = await providerPayment('provider-x-local', { email: 'jan@example.pl', first_name: 'Jan', last_name: 'Nowak', language: 'ro' }, 'PLN');
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest', 'accept-language': 'sv-SE' } });
    expect(read(page).lang).toBe('ro-RO');

    const session = await post<{ redirect_url: string }>('/api/hosted-payment-page', {
      reference: uniqueReference('hpp'),
      terminal_id: 'TERM00001',
      description: 'Order 7',
      currency: 'EUR',
      amount: 1500,
      transaction_type: 'PURCHASE',
      success_url: 'https://shop.example/success',
      cancel_url: 'https://shop.example/cancel',
      error_url: 'https://shop.example/error',
      language: 'Bosanski',
    });
    const sessionId = session.body.redirect_url.split('/hpp/')[1]!;
    const paid = await t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      { session_id: sessionId, payment_method: { type: 'wallet-a-redirect', data: {} } },
      { 'x-client-key': 'test-client-key' },
    );
    const hppPage = await t.gw.acs.inject({ method: 'GET', url: new URL(paid.body.redirect!.url).pathname, headers: { 'user-agent': 'vitest', 'accept-language': 'sv-SE' } });
    expect(read(hppPage).lang).toBe('bs-BA');
    expect(read(hppPage).buttons).toEqual(['Odobrite', 'Odbijte', 'Odustanite']);
  });

  it('without any, English; an unknown page in the browser\'s language', async () => {
    const redirect = await providerPayment('wallet-a-redirect', {});
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(read(page).lang).toBe('en-US');
    const unknown = await t.gw.acs.inject({ method: 'GET', url: '/provider/nope', headers: { 'user-agent': 'vitest', 'accept-language': 'sv' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(gatewayPageTexts('sv-SE').paymentUnknown);
  });

  it("escapes the merchant's description", async () => {
    const redirect = await providerPayment('wallet-a-redirect', {}, 'EUR', 'Tom & Jerry "deluxe"');
    const page = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(page.body).toContain('Tom &amp; Jerry &quot;deluxe&quot;');
  });
});

describe('Abandon at the provider', () => {
  it('ends the payment CANCELED from the gateway\'s own record and sends the shopper to cancel_url', async () => {
    const redirect = await providerPayment('wallet-b-redirect', {});
    const back = await t.gw.acs.inject({
      method: 'POST',
      url: new URL(redirect.url).pathname,
      headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=abandon',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`https://shop.example/cancel?transaction_id=${redirect.transaction_id}&status=CANCELED`);
    const status = await t.call<StatusResponse>('GET', `/api/transactions/${redirect.transaction_id}/status`, undefined, auth);
    expect(status.body.transaction).toMatchObject({ status: 'CANCELED', processing_code: '1003', approved: false });
    // Once ended, the provider's page only sends the shopper back with the same answer.
    const again = await t.gw.acs.inject({ method: 'GET', url: new URL(redirect.url).pathname, headers: { 'user-agent': 'vitest' } });
    expect(again.headers.location).toContain('status=CANCELED');
  });
});
