/**
 * The hosted page's gateway routes through the HTTP layer (Fastify inject): the document's
 * CSP and meta tags, the exits to the merchant's three URLs, and the saved-card list.
 */
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse } from '@payments/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import type { SavedCardSummary } from '@payments/core';
import { registerHostedPageRoutes } from './hosted-page-routes';
import type { FirstViewModule } from '../http/hosted-page-document';
import { createHash } from 'node:crypto';

const TEMPLATE = '<!doctype html><html><head><title>Pay</title></head><body><script type="module" src="/hpp/assets/app.js"></script></body></html>';
const clientKey = { 'x-client-key': 'test-client-key' };

/** A stand-in for the hosted page build's dist/first-view.js: what the route does with what it draws. */
const drawn: { input?: Parameters<FirstViewModule['renderFirstView']>[0] } = {};
const FIRST_VIEW: FirstViewModule = {
  renderFirstView: (input) => {
    drawn.input = input;
    return { markup: '<div class="first-view" id="hpp-first-view">checkout</div>', css: '#hpp-first-view{--brand:#1f5f4a}', title: 'Pay <Northwind> & co', texts: {} };
  },
  PAGE_TEXTS: { 'en-US': { howToPay: 'How would you like to pay?' }, 'bs-BA': {}, 'ro-RO': {}, 'sv-SE': { howToPay: 'Hur vill du betala?' } },
  firstViewScript: (pageScript) => `document.documentElement.setAttribute('data-x',${JSON.stringify(pageScript ?? '')});`,
};
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
let counter = 0;

describe('hosted page routes', () => {
  let t: TestGateway;
  let auth: Record<string, string>;

  beforeEach(async () => {
    t = await testGateway({ extend: (api, ctx) => registerHostedPageRoutes(api, ctx, { readDocument: () => TEMPLATE, firstViewModule: async () => FIRST_VIEW }) });
    auth = await t.auth();
  });
  afterEach(() => t.close());

  const hostedPage = async (extra: Record<string, unknown> = {}) => {
    counter += 1;
    const reply = await t.call<{ session_id: string; redirect_url: string }>(
      'POST',
      '/api/hosted-payment-page',
      {
        reference: `hpp-routes-${counter}`,
        terminal_id: 'TERM00001',
        description: 'Blue jacket',
        amount: 4999,
        currency: 'EUR',
        transaction_type: 'PURCHASE',
        success_url: 'http://localhost:5173/success?order=7',
        cancel_url: 'http://localhost:5173/cancel',
        error_url: 'http://localhost:5173/error',
        ...extra,
      },
      auth,
    );
    expect(reply.status).toBe(200);
    return reply.body.session_id;
  };

  const payWithCard = async (sessionId: string, number: string) =>
    t.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      {
        session_id: sessionId,
        browser_info: TEST_BROWSER_INFO,
        payment_method: {
          type: 'card',
          data: {
            encrypted_card_number: await t.encrypt(number),
            encrypted_cvv: await t.encrypt('123'),
            encrypted_expiration_month: await t.encrypt('12'),
            encrypted_expiration_year: await t.encrypt('2034'),
          },
        },
      },
      clientKey,
    );

  describe('GET /hpp/{session_id}', () => {
    it('serves the page with a strict CSP and the session id and client key as meta tags', async () => {
      const id = await hostedPage();
      const reply = await t.call('GET', `/hpp/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.text).toContain(`<meta name="hpp-session-id" content="${id}">`);
      expect(reply.text).toContain('<meta name="hpp-client-key" content="test-client-key">');
      const csp = String(reply.headers['content-security-policy']);
      const acs = t.gw.ctx.urls.acs;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain(`frame-src 'self' ${acs}`);
      expect(csp).toContain(`form-action 'self' ${acs}`);
      expect(csp).toContain("require-trusted-types-for 'script'; trusted-types lit-html");
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      // One inline script, the first view's, by its hash (it loads the page's script, an external module);
      // the session view, the page's catalog and texts ride along as JSON data blocks, which are never executed.
      const dataBlocks = /<script type="application\/json" id="(?:hpp-data|ef-catalog|hpp-texts)"[^>]*>[^<]*<\/script>/g;
      expect(reply.text.match(dataBlocks)).toHaveLength(3);
      // The template's module tag is gone: the first view's script loads it once the view is drawn.
      const firstViewScript = FIRST_VIEW.firstViewScript('/hpp/assets/app.js');
      const inline = `<script>${firstViewScript}</script>`;
      expect(reply.text).toContain(inline);
      expect(reply.text.replace(dataBlocks, '').replace(inline, '')).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(reply.text).not.toContain('<script type="module"');
      expect(csp).toContain(`script-src 'self' ${sha256(firstViewScript)}`);
      const data = JSON.parse(/<script type="application\/json" id="hpp-data">([^<]*)<\/script>/.exec(reply.text)![1]!) as { session: { id: string; merchant: { name: string } } };
      expect(data.session).toMatchObject({ id, merchant: { name: 'Northwind Outfitters' } });
    });

    it('draws the first view into the document: its markup first in the body, its theme allowed by hash, its title escaped, the texts of its language', async () => {
      const id = await hostedPage({ language: 'Svenska', description: 'Fleece "XL" & <5 pcs>' });
      const reply = await t.call('GET', `/hpp/${id}`);
      expect(drawn.input).toMatchObject({ sessionId: id, locale: 'sv-SE', savedCards: [], origin: t.gw.ctx.urls.gateway });
      expect(drawn.input!.session).toMatchObject({ id, description: 'Fleece "XL" & <5 pcs>' });
      expect((drawn.input!.catalog as { labels: { cardNumber: string } }).labels.cardNumber).toBe('Kortnummer');
      expect(reply.text).toContain('<body>\n    <div class="first-view" id="hpp-first-view">checkout</div>');
      expect(reply.text).toContain('<title>Pay &lt;Northwind&gt; &amp; co</title>');
      expect(reply.text).toContain('<html lang="sv-SE">');
      expect(reply.text).toContain('<script type="application/json" id="hpp-texts" data-locale="sv-SE">{"howToPay":"Hur vill du betala?"}</script>');
      expect(String(reply.headers['content-security-policy'])).toContain(`style-src 'self' ${sha256(FIRST_VIEW.renderFirstView(drawn.input!)!.css)}`);
    });

    it('the session by the page’s own rules: its colours by hash, its offered methods, its words and one noscript line', async () => {
      const seen: unknown[] = [];
      const rules: FirstViewModule = {
        ...FIRST_VIEW,
        themeCss: (session) => (seen.push(session), ':root{--brand:#123456}'),
        documentSession: (session) => ({ ...(session as object), payment_methods: ['openbanking-redirect'] }),
        documentTexts: (_session, locale) => ({ howToPay: `${locale}: only what this session shows` }),
        unusedCatalogSections: () => ['savedCard', 'plurals'],
        NOSCRIPT_TEXTS: { 'en-US': 'This payment page needs JavaScript.', 'sv-SE': 'Den här betalningssidan kräver JavaScript.' },
      };
      const template = TEMPLATE.replace('<body>', '<body><noscript><p class="noscript">In every language.</p></noscript>');
      const own = await testGateway({ extend: (api, ctx) => registerHostedPageRoutes(api, ctx, { readDocument: () => template, firstViewModule: async () => rules }) });
      try {
        const session = await own.call<{ session_id: string }>(
          'POST',
          '/api/hosted-payment-page',
          { reference: `hpp-routes-rules-${counter}`, terminal_id: 'TERM00001', description: 'Blue jacket', amount: 4999, currency: 'EUR', transaction_type: 'PURCHASE', success_url: 'http://localhost:5173/s', cancel_url: 'http://localhost:5173/c', error_url: 'http://localhost:5173/e', language: 'Svenska' },
          await own.auth(),
        );
        const id = session.body.session_id;
        for (const path of [`/hpp/${id}`, `/hpp/${id}?transaction_id=x&status=APPROVED`]) {
          const reply = await own.call('GET', path);
          // The colours in every document of the session, first view or not, allowed by their hash.
          expect(reply.text).toContain('<style>:root{--brand:#123456}</style>');
          expect(String(reply.headers['content-security-policy'])).toContain(sha256(':root{--brand:#123456}'));
          const data = JSON.parse(/<script type="application\/json" id="hpp-data">([^<]*)<\/script>/.exec(reply.text)![1]!) as { session: { id: string; payment_methods: string[] } };
          expect(data.session).toMatchObject({ id, payment_methods: ['openbanking-redirect'] });
          expect(reply.text).toContain('<script type="application/json" id="hpp-texts" data-locale="sv-SE">{"howToPay":"sv-SE: only what this session shows"}</script>');
          const catalog = JSON.parse(/<script type="application\/json" id="ef-catalog"[^>]*>([^<]*)<\/script>/.exec(reply.text)![1]!) as Record<string, object>;
          expect(catalog.savedCard).toEqual({});
          expect(catalog.plurals).toEqual({});
          expect(Object.keys(catalog.labels!)).toContain('cardNumber');
          expect(reply.text).toContain('<noscript><p class="noscript" lang="sv-SE">Den här betalningssidan kräver JavaScript.</p></noscript>');
        }
        // The session as the API answers it, whole: the rules narrow it.
        expect(seen[0]).toMatchObject({ id, payment_methods: expect.arrayContaining(['wallet-a-redirect', 'openbanking-redirect']) });
      } finally {
        await own.close();
      }
    });

    it('no first view back from a bank (the page asks how it ended first), nor when the renderer fails; the page is served all the same', async () => {
      const id = await hostedPage();
      const back = await t.call('GET', `/hpp/${id}?transaction_id=x&status=APPROVED`);
      expect(back.status).toBe(200);
      expect(back.text).not.toContain('hpp-first-view');
      expect(back.text).toContain('<script type="module" src="/hpp/assets/app.js"></script>'); // nothing drawn to wait for
      expect(back.text).toContain('id="hpp-texts"');
      const failing = await testGateway({
        extend: (api, ctx) =>
          registerHostedPageRoutes(api, ctx, {
            readDocument: () => TEMPLATE,
            firstViewModule: async () => ({
              ...FIRST_VIEW,
              renderFirstView: () => {
                throw new Error('drawn wrong');
              },
            }),
          }),
      });
      const session = await failing.call<{ session_id: string }>(
        'POST',
        '/api/hosted-payment-page',
        { reference: `hpp-routes-failing-${counter}`, terminal_id: 'TERM00001', description: 'Blue jacket', amount: 4999, currency: 'EUR', transaction_type: 'PURCHASE', success_url: 'http://localhost:5173/s', cancel_url: 'http://localhost:5173/c', error_url: 'http://localhost:5173/e' },
        await failing.auth(),
      );
      const reply = await failing.call('GET', `/hpp/${session.body.session_id}`);
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain('hpp-first-view');
      expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self';");
      await failing.close();
    });

    it('answers 404 without a client key for an unknown session or an Embedded Fields session', async () => {
      const unknown = await t.call('GET', '/hpp/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain('content="00000000-0000-4000-8000-000000000000"');
      expect(unknown.text).not.toContain('hpp-client-key');
      expect(unknown.text).not.toContain('hpp-data');
      const ef = await t.call<{ id: string }>(
        'POST',
        '/api/sessions',
        {
          terminal_id: 'TERM00001',
          reference: 'ef-not-hpp',
          description: 'Blue jacket',
          currency: 'EUR',
          amount: 4999,
          transaction_type: 'PURCHASE',
          return_url: 'http://localhost:5173/return',
        },
        auth,
      );
      expect((await t.call('GET', `/hpp/${ef.body.id}`)).status).toBe(404);
    });

    it('escapes the session id it echoes', async () => {
      const reply = await t.call('GET', `/hpp/${encodeURIComponent('a"b&c')}`);
      expect(reply.status).toBe(404);
      expect(reply.text).toContain('content="a&quot;b&amp;c"');
    });

    it('says so, with the same CSP rules, when the page is not built', async () => {
      const bare = await testGateway({
        extend: (api, ctx) =>
          registerHostedPageRoutes(api, ctx, {
            readDocument: () => {
              throw new Error('ENOENT');
            },
          }),
      });
      const reply = await bare.call('GET', '/hpp/whatever');
      expect(reply.status).toBe(503);
      expect(reply.text).toContain('not available');
      await bare.close();
    });
  });

  describe('exits', () => {
    it('Cancel goes to cancel_url with status CANCELED before any attempt', async () => {
      const id = await hostedPage();
      const reply = await t.call('GET', `/hpp/${id}/cancel`);
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe('http://localhost:5173/cancel?status=CANCELED');
    });

    it('after a decline, Cancel reports the declined attempt and return goes to error_url', async () => {
      const id = await hostedPage();
      const declined = await payWithCard(id, '4000000000000044');
      const tx = declined.body.result!;
      expect(tx.status).toBe('DECLINED');
      expect((await t.call('GET', `/hpp/${id}/cancel`)).headers.location).toBe(
        `http://localhost:5173/cancel?transaction_id=${tx.id}&status=DECLINED`,
      );
      expect((await t.call('GET', `/hpp/${id}/return`)).headers.location).toBe(
        `http://localhost:5173/error?transaction_id=${tx.id}&status=DECLINED`,
      );
    });

    it('once paid, both exits go to success_url with the approved transaction, keeping its query', async () => {
      const id = await hostedPage();
      await payWithCard(id, '4000000000000044');
      const approved = (await payWithCard(id, '4000000000000002')).body.result!;
      expect(approved.status).toBe('APPROVED');
      const expected = `http://localhost:5173/success?order=7&transaction_id=${approved.id}&status=APPROVED`;
      expect((await t.call('GET', `/hpp/${id}/return`)).headers.location).toBe(expected);
      expect((await t.call('GET', `/hpp/${id}/cancel`)).headers.location).toBe(expected);
    });

    it('an expired session returns to error_url with status EXPIRED', async () => {
      const id = await hostedPage();
      await t.call('POST', '/__mock/clock', { advance_seconds: 31 * 60 });
      expect((await t.call('GET', `/hpp/${id}/return`)).headers.location).toBe('http://localhost:5173/error?status=EXPIRED');
    });

    it('an unknown session gets a clear page, not a redirect', async () => {
      const reply = await t.call('GET', '/hpp/nope/return');
      expect(reply.status).toBe(404);
      expect(reply.text).toContain('This payment link is not valid');
    });
  });

  describe('GET /api/sessions/{id}/saved-cards', () => {
    const saveCard = async (customerId: string, number: string, year = '2034') => {
      counter += 1;
      const response = await t.call<ExecutionResponse>(
        'POST',
        '/api/transactions/authorize',
        {
          reference: `save-${counter}`,
          terminal_id: 'TERM00001',
          description: 'Save a card',
          currency: 'EUR',
          amount: 100,
          transaction_type: 'PURCHASE',
          return_url: 'http://localhost:5173/return',
          browser_info: TEST_BROWSER_INFO,
          payment_method: {
            type: 'card',
            data: {
              encrypted_card_number: await t.encrypt(number),
              encrypted_cvv: await t.encrypt('123'),
              encrypted_expiration_month: await t.encrypt('12'),
              encrypted_expiration_year: await t.encrypt(year),
            },
          },
          customer: { id: customerId },
          tokenization: { save_card_for_future_payments: true },
        },
        auth,
      );
      expect(response.body.result?.status).toBe('APPROVED');
      return response.body.result!.payment_method.token!;
    };
    const customer = async (email: string) =>
      (await t.call<{ id: string }>('POST', '/api/customers', { email, first_name: 'Ana', last_name: 'Kovač' }, auth)).body.id;

    it("lists only the HPP customer's active cards, masked, and never the number or BIN", async () => {
      const ana = await customer('ana@example.com');
      const other = await customer('other@example.com');
      const visa = await saveCard(ana, '4000000000000002');
      await saveCard(other, '5200000000000007');
      const id = await hostedPage({ customer_id: ana });
      const reply = await t.call<{ saved_cards: SavedCardSummary[] }>('GET', `/api/sessions/${id}/saved-cards`, undefined, clientKey);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.body.saved_cards).toEqual([
        { id: visa, brand: expect.any(String), masked: expect.stringMatching(/0002$/), exp_month: 12, exp_year: 2034 },
      ]);
      expect(reply.text).not.toContain('4000000000000002');
      expect(reply.text).not.toContain('"bin"');
      // The page's document carries the same list, so the checkout renders without asking.
      const page = await t.call('GET', `/hpp/${id}`);
      expect(page.text).toContain(`"saved_cards":[{"id":"${visa}"`);
      expect(page.text).not.toContain('4000000000000002');
    });

    it('hides deleted cards, and answers an empty list without a customer', async () => {
      const ana = await customer('ana2@example.com');
      const token = await saveCard(ana, '4000000000000002');
      await t.call('DELETE', `/api/payment-methods/${token}`, undefined, auth);
      const withCustomer = await hostedPage({ customer_id: ana });
      const without = await hostedPage();
      for (const id of [withCustomer, without]) {
        const reply = await t.call<{ saved_cards: SavedCardSummary[] }>('GET', `/api/sessions/${id}/saved-cards`, undefined, clientKey);
        expect(reply.body.saved_cards).toEqual([]);
      }
    });

    it('needs the client key, and refuses an unknown or expired session', async () => {
      const id = await hostedPage();
      expect((await t.call('GET', `/api/sessions/${id}/saved-cards`)).status).toBe(401);
      const unknown = await t.call<ApiErrorBody>('GET', '/api/sessions/nope/saved-cards', undefined, clientKey);
      expect(unknown.status).toBe(422);
      await t.call('POST', '/__mock/clock', { advance_seconds: 31 * 60 });
      const expired = await t.call<ApiErrorBody>('GET', `/api/sessions/${id}/saved-cards`, undefined, clientKey);
      expect(expired.status).toBe(422);
      expect(expired.body.code).toBe('1005');
    });
  });
});
