/**
 * What the gateway writes into a session's document besides the first view, by the page's
 * own rules: the colours once, the methods the page offers, and only the words this session
 * can show (what it lacks must not ride in every document, nor may anything it has be left out).
 */
import { LOCALES, loadMessages, MESSAGE_SECTIONS } from '@payments/core';
import { describe, expect, it } from 'vitest';
import { paymentOptions, type SessionView } from '../checkout-model';
import { PAGE_TEXTS } from '../texts/all';
import { NOSCRIPT_TEXTS } from '../texts/noscript';
import { testSession } from '../test-session';
import { documentSession, documentTexts, themeCss, unusedCatalogSections } from './session-document';

const METHODS = ['wallet-a-redirect', 'provider-x-local', 'provider-y-redirect-idl', 'provider-y-redirect-ali', 'wallet-a', 'openbanking-redirect', 'unknown'];
const session = (overrides: Partial<SessionView> = {}): SessionView => testSession(METHODS, overrides);
const customer = { language: null, options: {}, customer_id: 'c1' };
const instalments = { language: null, options: { number_of_instalments: [1, 3] }, customer_id: null };

describe('documentSession', () => {
  it('keeps only the methods the page offers, and the page offers the same from it', () => {
    for (const view of [session(), session({ currency: 'PLN' }), session({ transaction_type: 'AUTHORIZE' })]) {
      const carried = documentSession(view);
      expect(paymentOptions(carried, [])).toEqual(paymentOptions(view, []));
      expect([...carried.payment_methods].sort()).toEqual(paymentOptions(view, []).flatMap((o) => (o.kind === 'redirect' ? [o.type] : [])).sort());
      expect({ ...carried, payment_methods: view.payment_methods }).toEqual(view);
    }
    // The terminal's order kept; BLIK (PLN only), Alipay (not in EUR), Wallet A by token and an unknown type left out.
    expect(documentSession(session()).payment_methods).toEqual(['wallet-a-redirect', 'provider-y-redirect-idl', 'openbanking-redirect']);
  });
});

describe('documentTexts and unusedCatalogSections', () => {
  const left = (view: SessionView) => Object.keys(PAGE_TEXTS['en-US']).filter((key) => !(key in documentTexts(view, 'en-US')));

  it('a guest purchase without instalments: no saved-card, instalment or authorization words', () => {
    expect(left(session())).toEqual(['authorizeNote', 'newCard', 'savedCardOption', 'instalments', 'payInFull', 'authorizedTitle', 'authorizedBody']);
    expect(unusedCatalogSections(session())).toEqual(['savedCard', 'plurals']);
    for (const locale of LOCALES) expect(documentTexts(session(), locale).secureCheckout).toBe(PAGE_TEXTS[locale].secureCheckout);
  });

  it('each feature the session has keeps its words', () => {
    expect(left(session({ hpp: customer }))).not.toContain('savedCardOption');
    expect(unusedCatalogSections(session({ hpp: customer }))).toEqual(['plurals']);
    expect(left(session({ hpp: instalments }))).not.toContain('instalments');
    expect(unusedCatalogSections(session({ hpp: instalments }))).toEqual(['savedCard']);
    expect(left(session({ transaction_type: 'AUTHORIZE' }))).not.toContain('authorizeNote');
    const all = session({ hpp: { ...customer, options: instalments.options }, transaction_type: 'AUTHORIZE' });
    expect(documentTexts(all, 'sv-SE')).toEqual(PAGE_TEXTS['sv-SE']);
    expect(unusedCatalogSections(all)).toEqual([]);
  });

  it('names only real catalog sections', async () => {
    await loadMessages('en-US');
    for (const section of unusedCatalogSections(session())) expect(MESSAGE_SECTIONS).toContain(section);
  });
});

describe('themeCss', () => {
  it('the merchant’s colours, checked, as one :root rule', () => {
    expect(themeCss(session())).toBe(':root{--brand:#1f5f4a;--on-brand:#ffffff;--brand-ink:#1f5f4a;--page-bg:#f6f4ef;--page-ink:#1c1c1c}');
  });
});

describe('NOSCRIPT_TEXTS', () => {
  it('are the lines the built document says in all four languages, in its order', async () => {
    const { readFileSync } = await import('node:fs');
    const template = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(template).toContain(`<noscript><p class="noscript">${Object.values(NOSCRIPT_TEXTS).join(' ')}</p></noscript>`);
  });
});
