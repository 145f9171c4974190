import { describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES } from '../card/card-errors';
import { CUSTOMER_CHECK_CODES } from '../customer/customer-checks';
import { THREE_DS_ERROR_CODES } from '../three-ds/three-ds-errors';
import { LOCALES } from './locales';
import { CATALOGS, formatMessage, messages } from './messages';

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

const reference = flatten(messages('en-US'));
const paramsOf = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each(LOCALES)('catalog %s', (locale) => {
  const catalog = flatten(messages(locale));

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
    const shared = new Set(['1234 1234 1234 1234', 'CVV', 'CVC', 'Card', 'E-mail']);
    for (const locale of LOCALES.filter((tag) => tag !== 'en-US')) {
      const copied = [...flatten(CATALOGS[locale])].filter(([key, text]) => text === reference.get(key) && !shared.has(String(text)));
      expect(copied, locale).toEqual([]);
    }
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
