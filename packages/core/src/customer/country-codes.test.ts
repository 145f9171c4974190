import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, normalizeCountryCode } from './country-codes';

describe('COUNTRY_CODES', () => {
  it('holds the 249 ISO 3166-1 codes plus XK', () => {
    expect(COUNTRY_CODES.size).toBe(250);
  });

  it('holds only codes the runtime knows a region name for', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
  });

  it('covers every country that has phone numbers, except non-ISO territories', () => {
    const missing = getCountries().filter((code) => !COUNTRY_CODES.has(code));
    expect(missing.sort()).toEqual(['AC', 'TA']);
  });
});

describe('normalizeCountryCode', () => {
  it('accepts either case and returns uppercase', () => {
    expect(normalizeCountryCode('ba')).toBe('BA');
    expect(normalizeCountryCode(' Se ')).toBe('SE');
  });

  it('refuses codes ISO does not assign, including the common UK for GB', () => {
    for (const code of ['UK', 'XX', 'EU', 'B', 'BIH', '']) expect(normalizeCountryCode(code), code).toBeUndefined();
  });
});
