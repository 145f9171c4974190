/** The card frame's first view: the form the frame would draw, escaped, allow-listed, with nothing to submit natively. */
import { loadMessages, type LocaleTag } from '@payments/core';
// @ts-expect-error jsdom ships no type declarations (a parser for the assertions only)
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFrameConfig } from '../../test-support/frame-config';
import { CARD_FIRST_VIEW_ID, CARD_FIRST_VIEW_READY_SCRIPT, renderCardFirstView } from './card-first-view';

const catalogs = new Map<LocaleTag, unknown>();
beforeAll(async () => {
  for (const locale of ['en-US', 'sv-SE'] as const) catalogs.set(locale, await loadMessages(locale));
});

const card = cardFrameConfig;

const render = (config: unknown, locale: LocaleTag = 'en-US') => renderCardFirstView({ config, locale, catalog: catalogs.get(locale) });
const parse = (markup: string): Document => (new JSDOM(`<!doctype html><body>${markup}</body>`) as { window: Window }).window.document;

describe('renderCardFirstView', () => {
  it('draws the new-card form in the locale: labelled inputs without a name, in a form that cannot submit, marked for the take-over', async () => {
    const view = (await render(card({ locale: 'sv-SE' }), 'sv-SE'))!;
    const doc = parse(view.markup);
    const root = doc.getElementById(CARD_FIRST_VIEW_ID)!;
    expect(root.tagName).toBe('EF-CARD-FORM');
    expect(root.hasAttribute('data-first-view')).toBe(true);
    expect([...root.querySelectorAll('input')].map((i) => i.getAttribute('autocomplete'))).toEqual(['cc-number', 'cc-exp', 'cc-csc']);
    expect(root.querySelectorAll('input[name]')).toHaveLength(0);
    expect(root.querySelector('form')?.getAttribute('method')).toBe('dialog');
    const number = root.querySelector<HTMLInputElement>('input[autocomplete="cc-number"]')!;
    expect(doc.querySelector(`label[for="${number.id}"]`)?.textContent).toBe('Kortnummer');
    expect(view.css).toContain('ef-card-form');
    expect(view.css).not.toContain(`#${CARD_FIRST_VIEW_ID}{`); // no merchant styles: none written
  });

  it('draws the fields the configuration asks for: the holder name and email, and the save-card box', async () => {
    const view = (await render(
      card({
        customerConfig: { hasHolderName: true, holderNameRequired: true, hasHolderEmail: true, holderEmailRequired: false },
        saveCard: { offer: true, tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' },
      }),
    ))!;
    const root = parse(view.markup).getElementById(CARD_FIRST_VIEW_ID)!;
    expect([...root.querySelectorAll('input')].map((i) => i.getAttribute('autocomplete') ?? i.type)).toEqual(['cc-number', 'cc-exp', 'cc-csc', 'cc-name', 'email', 'checkbox']);
  });

  it('a merchant’s words are text; only allow-listed style values are written', async () => {
    const hostile = '<img src=x onerror=alert(1)></style><script>alert(2)</script>';
    const view = (await render(
      card({
        translations: { 'en-US': { 'card.number.label': hostile, 'card.cvv.placeholder': '"><b>' } },
        styles: { '--ef-color-text': '#aa0000', '--ef-color-focus': 'red;}</style><script>', '--ef-radius': 'url(https://evil.example/)', '--ef-font-family': '"Inter", sans-serif' },
      }),
    ))!;
    const doc = parse(view.markup);
    expect(doc.querySelector('label')?.textContent).toBe(hostile);
    expect(doc.querySelectorAll('img, script, b')).toHaveLength(0);
    expect(doc.querySelector<HTMLInputElement>('input[autocomplete="cc-csc"]')?.placeholder).toBe('"><b>');
    expect(view.css).toContain(`#${CARD_FIRST_VIEW_ID}{--ef-font-family:"Inter", sans-serif;--ef-color-text:#aa0000}`);
    expect(view.css).not.toMatch(/<\/style|url\(https|evil/i);
  });

  it('draws nothing for a saved card, another locale than the catalog’s, another protocol or no configuration', async () => {
    const saved = card({ component: 'saved-card', savedCard: { paymentMethodId: 'pm_1', maskedPan: '4242 •••• 4242', expirationDate: '12/30', cardBrand: 'visa' } });
    for (const config of [saved, card({ locale: 'sv-SE' }), { ...card(), protocolVersion: 2 }, null, 'card', {}]) expect(await render(config)).toBeUndefined();
    expect(await renderCardFirstView({ config: card(), locale: 'en-US', catalog: { not: 'a catalog' } })).toBeUndefined();
  });

  it('its ready script posts the ready report, with the form’s height, to the parent origin of its URL only', () => {
    const posted: [unknown, string][] = [];
    const run = (search: string, framed = true) => {
      const form = { getBoundingClientRect: () => ({ height: 123.5 }) };
      const parent = { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) };
      const self = { parent: framed ? parent : undefined };
      if (!framed) self.parent = self as never;
      new Function('document', 'location', 'window', 'performance', CARD_FIRST_VIEW_READY_SCRIPT)(
        { getElementById: (id: string) => (id === CARD_FIRST_VIEW_ID ? form : null) },
        { search },
        self,
        { mark: () => undefined },
      );
    };
    run('?session_id=s&parent_origin=https%3A%2F%2Fshop.example');
    run('?session_id=s'); // no parent origin: nothing
    run('?parent_origin=https%3A%2F%2Fshop.example', false); // not framed: nothing
    expect(posted).toEqual([[{ channel: 'embedded-fields', type: 'ready', report: { kind: 'ready', height: 123.5 } }, 'https://shop.example']]);
  });
});
