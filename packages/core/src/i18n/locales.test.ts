import { describe, expect, it } from 'vitest';
import { HOSTED_PAGE_LANGUAGES, LOCALES, hostedPageLocale, isLocaleTag, resolveLocale } from './locales';

describe('resolveLocale', () => {
  it('uses a supported requested locale, in any case or with an underscore', () => {
    expect(resolveLocale('sv-SE')).toBe('sv-SE');
    expect(resolveLocale('ro-ro')).toBe('ro-RO');
    expect(resolveLocale('bs_BA')).toBe('bs-BA');
  });

  it('matches by language when the region differs or is absent', () => {
    expect(resolveLocale('sv')).toBe('sv-SE');
    expect(resolveLocale('sv-FI')).toBe('sv-SE');
    expect(resolveLocale('en-GB')).toBe('en-US');
    expect(resolveLocale('ro-MD')).toBe('ro-RO');
    expect(resolveLocale('bs')).toBe('bs-BA');
    expect(resolveLocale('bs-Latn-BA')).toBe('bs-BA');
  });

  it('does not take Croatian or Serbian for Bosnian', () => {
    for (const tag of ['hr', 'hr-HR', 'sr-Latn', 'sr-Latn-BA']) expect(resolveLocale(tag), tag).toBe('en-US');
  });

  it('falls back to the browser languages in order, then to en-US', () => {
    expect(resolveLocale(undefined, ['de-DE', 'sv-SE', 'ro'])).toBe('sv-SE');
    expect(resolveLocale('fr', ['hr-HR', 'ro'])).toBe('ro-RO');
    expect(resolveLocale(undefined, ['en-GB', 'sv-SE'])).toBe('en-US');
    expect(resolveLocale('de', ['fr', 'ja'])).toBe('en-US');
    expect(resolveLocale()).toBe('en-US');
  });

  it('prefers the merchant request over the browser', () => {
    expect(resolveLocale('bs-BA', ['sv-SE'])).toBe('bs-BA');
  });
});

describe('locale tags', () => {
  it('recognises exactly the supported tags', () => {
    expect(LOCALES.every(isLocaleTag)).toBe(true);
    expect(isLocaleTag('sv')).toBe(false);
    expect(isLocaleTag(undefined)).toBe(false);
  });

  it('maps every hosted page language to a distinct supported locale', () => {
    expect(new Set(Object.values(HOSTED_PAGE_LANGUAGES))).toEqual(new Set(LOCALES));
  });
});

describe('hostedPageLocale', () => {
  it("takes the shopper's choice, then `language`, then the merchant's default, then English", () => {
    expect(hostedPageLocale('Svenska', 'English', 'ro-RO')).toBe('ro-RO');
    expect(hostedPageLocale('sv-SE', 'English')).toBe('sv-SE');
    expect(hostedPageLocale(null, 'Bosanski')).toBe('bs-BA');
    expect(hostedPageLocale(null, 'română')).toBe('ro-RO');
    expect(hostedPageLocale(null, 'Deutsch')).toBe('en-US');
    expect(hostedPageLocale('romana', undefined, 'not-a-locale')).toBe('ro-RO');
  });
});
