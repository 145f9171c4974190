/** The gateway's first view: the page's own markup, escaped, with nothing to submit natively. */
import { LOCALES, loadMessages, type LocaleTag } from '@payments/core';
// @ts-expect-error jsdom ships no type declarations (a parser for the assertions only)
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../checkout-model';
import { PAGE_TEXTS } from '../texts/all';
import { renderFirstView, themeCss, type FirstViewInput } from './first-view';
import { testSession } from '../test-session';

const catalogs = new Map<LocaleTag, unknown>();
beforeAll(async () => {
  for (const locale of LOCALES) catalogs.set(locale, await loadMessages(locale));
});

const HOSTILE = '<img src=x onerror=alert(1)>';

const session = (overrides: Partial<SessionView> = {}): SessionView => testSession(['openbanking-redirect'], overrides);

function render(overrides: Partial<SessionView> = {}, locale: LocaleTag = 'en-US', input: Partial<FirstViewInput> = {}) {
  return renderFirstView({ sessionId: 's1', session: session(overrides), savedCards: [], locale, catalog: catalogs.get(locale), origin: 'http://127.0.0.1:4010', ...input });
}

const parse = (markup: string): Document => (new JSDOM(`<!doctype html><body>${markup}</body>`) as { window: Window }).window.document;

describe('renderFirstView', () => {
  it('draws the checkout with the card form open: labelled card inputs without a name, in a form that cannot submit', () => {
    const view = render()!;
    const doc = parse(view.markup);
    const number = doc.querySelector<HTMLInputElement>('#hpp-first-view ef-card-form input[autocomplete="cc-number"]')!;
    expect(number).not.toBeNull();
    expect(doc.querySelector(`label[for="${number.id}"]`)?.textContent).toBe('Card number');
    expect([...doc.querySelectorAll('ef-card-form input')].map((i) => i.getAttribute('autocomplete'))).toEqual(['cc-number', 'cc-exp', 'cc-csc']);
    expect(doc.querySelectorAll('ef-card-form input[name]')).toHaveLength(0);
    expect(doc.querySelector('ef-card-form form')?.getAttribute('method')).toBe('dialog');
    expect(doc.querySelector('.summary-amount')?.textContent).toBe('€49.99');
    expect(doc.querySelector<HTMLInputElement>('input[name="hpp-method"][value="card"]')?.checked).toBe(true);
    expect(view.title).toBe('Pay Northwind Outfitters · Secure checkout');
    // The card form's look is the stylesheet's; the merchant's colours are themeCss's.
    expect(view.css).toBe('');
  });

  it("themeCss: the merchant's colours, checked, as one :root rule for the document", () => {
    const hostile = session({ merchant: { ...session().merchant, branding: { logo_url: '/assets/merchant-logo.svg', primary_color: 'red;}body{x:y', background_color: '#fff', text_color: '#000' } } });
    expect(themeCss(hostile)).toBe(':root{--brand:#1f5f4a;--on-brand:#ffffff;--brand-ink:#1f5f4a;--page-bg:#ffffff;--page-ink:#000000}');
  });

  it('escapes what the merchant and the session say: a hostile description and name stay text', () => {
    const view = render({ description: HOSTILE, merchant: { ...session().merchant, name: `${HOSTILE}"'` } })!;
    const doc = parse(view.markup);
    expect(doc.querySelectorAll('img:not(.merchant-logo)')).toHaveLength(0);
    expect(doc.querySelector('.summary-description')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('.merchant-logo')?.getAttribute('alt')).toBe(`${HOSTILE}"'`);
    expect(view.markup).not.toContain('<img src=x');
  });

  it('speaks the page language: each locale its own texts and labels', () => {
    for (const locale of LOCALES) {
      const doc = parse(render({}, locale)!.markup);
      expect(doc.querySelector('#hpp-methods-title')?.textContent).toBe(PAGE_TEXTS[locale].howToPay);
      expect(doc.querySelector('select#hpp-language option[selected]')?.getAttribute('value')).toBe(locale);
    }
  });

  it('a saved card first: its CVV form; cvv_less: none', () => {
    const saved = [{ id: 'pm1', brand: 'VISA', masked: '400000******0002', exp_month: 12, exp_year: 2034 }];
    const hpp = { language: null, options: {}, customer_id: 'c1' };
    const doc = parse(render({ hpp }, 'en-US', { savedCards: saved })!.markup);
    expect([...doc.querySelectorAll('ef-card-form input')].map((i) => i.getAttribute('autocomplete'))).toEqual(['cc-csc']);
    const cvvLess = parse(render({ hpp: { ...hpp, options: { cvv_less: true } } }, 'en-US', { savedCards: saved })!.markup);
    expect(cvvLess.querySelectorAll('ef-card-form')).toHaveLength(0);
  });

  it('nothing for a session the page would not open on the checkout', () => {
    expect(render({ status: 'COMPLETED' })).toBeUndefined();
    expect(render({ status: 'EXPIRED' })).toBeUndefined();
    expect(render({}, 'en-US', { catalog: {} })).toBeUndefined();
  });
});
