import { describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES } from '../card/card-errors';
import { CUSTOMER_CHECK_CODES } from '../customer/customer-checks';
import { THREE_DS_ERROR_CODES } from '../three-ds/three-ds-errors';
import { LOCALES } from './locales';
import { formatMessage } from './format-message';
import { CATALOGS, messages } from './messages';
import { formatPlural, pluralCategories } from './plurals';

/** 'group.key' → text, for every leaf of a catalog. */
function flatten(value: object, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'object' && child !== null) for (const entry of flatten(child, path)) entries.set(...entry);
    else entries.set(path, child);
  }
  return entries;
}

/** Every leaf but the plural forms, which differ by language (checked on their own below). */
const withoutPlurals = (locale: (typeof LOCALES)[number]) => {
  const entries = flatten(messages(locale));
  for (const key of entries.keys()) if (key.startsWith('plurals.')) entries.delete(key);
  return entries;
};

const reference = withoutPlurals('en-US');
const paramsOf = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each(LOCALES)('catalog %s', (locale) => {
  const catalog = withoutPlurals(locale);

  it('has every key of en-US and no other', () => {
    expect([...catalog.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it('has no empty or untrimmed strings', () => {
    for (const [key, text] of catalog) {
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
      expect(text, key).toBe((text as string).trim());
    }
  });

  it('uses the same parameters as en-US', () => {
    for (const [key, text] of catalog) expect(paramsOf(text), key).toEqual(paramsOf(reference.get(key)));
  });

  it('has exactly the plural forms its language distinguishes, each with {count}', () => {
    const { plurals } = messages(locale);
    expect(Object.keys(plurals).sort()).toEqual(Object.keys(messages('en-US').plurals).sort());
    for (const [name, forms] of Object.entries(plurals)) {
      expect(Object.keys(forms).sort(), name).toEqual([...pluralCategories(locale)].sort());
      for (const form of Object.values(forms)) expect(paramsOf(form), `${name}: ${form}`).toEqual(['count']);
    }
  });

  it('has a message for every error code', () => {
    const catalogMessages = messages(locale);
    for (const code of CARD_ERROR_CODES) expect(catalogMessages.cardErrors[code], code).toBeTruthy();
    for (const code of CUSTOMER_CHECK_CODES) expect(catalogMessages.customerErrors[code], code).toBeTruthy();
    for (const code of THREE_DS_ERROR_CODES) expect(catalogMessages.threeDsErrors[code], code).toBeTruthy();
  });
});

describe('catalog content', () => {
  it('gives en-US the accessible names the QA kit and e2e suites locate by', () => {
    expect(messages('en-US').labels).toEqual({
      cardNumber: 'Card number',
      expiryDate: 'Expiry date',
      cvv: 'CVV',
      cardholderName: 'Cardholder name',
      email: 'Email',
    });
  });

  it('writes native labels', () => {
    expect(messages('bs-BA').labels.cardNumber).toBe('Broj kartice');
    expect(messages('ro-RO').labels.cardNumber).toBe('Numărul cardului');
    expect(messages('sv-SE').labels.cardNumber).toBe('Kortnummer');
    expect(messages('sv-SE').labels.cvv).toBe('CVC');
  });

  it('writes Romanian with comma-below ș and ț, never the cedilla look-alikes', () => {
    const romanian = [...flatten(messages('ro-RO')).values()].join(' ');
    expect(romanian).not.toMatch(/[şţŞŢ]/);
    expect(romanian).toMatch(/ș/);
    expect(romanian).toMatch(/ț/);
  });

  it('writes Bosnian in Latin script', () => {
    const bosnian = [...flatten(messages('bs-BA')).values()].join(' ');
    expect(bosnian).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  it('translates every locale apart from shared terms', () => {
    const shared = new Set(['1234 1234 1234 1234', '123', 'CVV', 'CVC', 'Card', 'E-mail']);
    for (const locale of LOCALES.filter((tag) => tag !== 'en-US')) {
      const copied = [...flatten(CATALOGS[locale])].filter(([key, text]) => text === reference.get(key) && !shared.has(String(text)));
      expect(copied, locale).toEqual([]);
    }
  });
});

describe('formatPlural (Intl.PluralRules)', () => {
  const instalments = (locale: (typeof LOCALES)[number], count: number) => formatPlural(locale, messages(locale).plurals.instalments, count);

  it('en-US: one and other', () => {
    expect([1, 2, 12].map((count) => instalments('en-US', count))).toEqual(['1 instalment', '2 instalments', '12 instalments']);
  });

  it('sv-SE: one and other', () => {
    expect([1, 3, 24].map((count) => instalments('sv-SE', count))).toEqual(['1 delbetalning', '3 delbetalningar', '24 delbetalningar']);
  });

  it('ro-RO: one, few up to 19, "de" from 20 (and few again for 101–119)', () => {
    expect([1, 2, 6, 19, 20, 24, 36, 101].map((count) => instalments('ro-RO', count))).toEqual([
      '1 rată',
      '2 rate',
      '6 rate',
      '19 rate',
      '20 de rate',
      '24 de rate',
      '36 de rate',
      '101 rate',
    ]);
  });

  it('bs-BA: one for 1 and 21, few for 2–4 and 22–24, other for 5–20', () => {
    expect([1, 2, 4, 5, 12, 21, 22, 25].map((count) => instalments('bs-BA', count))).toEqual([
      '1 rata',
      '2 rate',
      '4 rate',
      '5 rata',
      '12 rata',
      '21 rata',
      '22 rate',
      '25 rata',
    ]);
  });

  it('writes the number the way of the locale, and falls back to other', () => {
    expect(formatPlural('sv-SE', { other: '{count} st.' }, 1200)).toBe('1\u00a0200 st.');
    expect(formatPlural('en-US', { other: '{count} items' }, 1)).toBe('1 items');
  });
});

describe('formatMessage', () => {
  it('fills parameters', () => {
    expect(formatMessage(messages('sv-SE').hostedPage.pay, { amount: '249,00 kr' })).toBe('Betala 249,00 kr');
    expect(formatMessage('{a} and {a}, {b}', { a: 1, b: 'x' })).toBe('1 and 1, x');
  });

  it('leaves a parameter without a value as written', () => {
    expect(formatMessage('Pay {amount}', {})).toBe('Pay {amount}');
  });
});
