import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_BRANDS, cardNumberGaps, detectCardBrand, getCardBrand, maxCardNumberLength } from './brands';
import { cardBrandName } from './brand-names';

describe('detectCardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341', 'amex'],
    ['6011111111111117', 'discover'],
    ['644', 'discover'],
    ['6500', 'discover'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['3095', 'diners'],
    ['3566002020360505', 'jcb'],
    ['3528', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['8171', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['5018', 'maestro'],
    ['5600', 'maestro'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)?.id).toBe(brand);
  });

  it('lets the longest matched prefix win over a shorter one', () => {
    expect(detectCardBrand('4936')?.id).toBe('visa');
    expect(detectCardBrand('493698')?.id).toBe('maestro');
    expect(detectCardBrand('4936981234567890')?.id).toBe('maestro');
  });

  it('names a brand early only when no other brand can still match', () => {
    expect(detectCardBrand('2')?.id).toBe('mastercard');
    expect(detectCardBrand('27')?.id).toBe('mastercard');
    expect(detectCardBrand('60')?.id).toBe('discover');
    expect(detectCardBrand('64')?.id).toBe('discover');
    expect(detectCardBrand('35')?.id).toBe('jcb');
    for (const ambiguous of ['3', '5', '6']) expect(detectCardBrand(ambiguous)).toBeUndefined();
  });

  it('returns undefined for numbers no brand issues, and for empty input', () => {
    for (const unknown of ['', '1', '9', '2220', '2721', '2800', '6012', '643', '3527', '3590', '306']) {
      expect(detectCardBrand(unknown), unknown).toBeUndefined();
    }
  });

  it('ignores spaces and other separators', () => {
    expect(detectCardBrand('3782 822463 10005')?.id).toBe('amex');
  });

  it('answers afresh when the number changes, however often the same one is asked', () => {
    expect(detectCardBrand('4')?.id).toBe('visa');
    expect(detectCardBrand('4')?.id).toBe('visa');
    expect(detectCardBrand('34')?.id).toBe('amex');
    expect(detectCardBrand('3')).toBeUndefined();
    expect(detectCardBrand('4 ')?.id).toBe('visa');
    expect(detectCardBrand('4 2')?.id).toBe('visa');
    expect(detectCardBrand('42')?.id).toBe('visa');
    expect(detectCardBrand('4')?.id).toBe('visa');
    expect(detectCardBrand('')).toBeUndefined();
    expect(detectCardBrand('3 4')?.id).toBe('amex');
    expect(detectCardBrand('3')).toBeUndefined();
  });

  it('agrees with the table read plainly, for any digits', () => {
    // The table read with slices and sets, as a person would: the longest matched prefix's
    // brand, else the one brand a prefix still allows.
    const reference = (digits: string) => {
      let best: { id: string; length: number } | undefined;
      const possible = new Set<string>();
      for (const brand of CARD_BRANDS) {
        for (const prefix of brand.prefixes) {
          const [from, to] = typeof prefix === 'string' ? [prefix, prefix] : prefix;
          const head = digits.slice(0, from.length);
          const inRange = head >= from.slice(0, head.length) && head <= to.slice(0, head.length);
          if (inRange && head.length === from.length && (!best || from.length > best.length)) best = { id: brand.id, length: from.length };
          else if (inRange && head.length < from.length) possible.add(brand.id);
        }
      }
      return best?.id ?? (possible.size === 1 ? [...possible][0] : undefined);
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 ]{0,9}$/), fc.stringMatching(/^[0-9 ]{0,9}$/), (first, second) => {
        // Asked in turn, with and without spaces, as the card frame asks.
        for (const text of [first, second, first, second.replaceAll(' ', ''), first]) {
          expect(detectCardBrand(text)?.id, text).toBe(reference(text.replaceAll(' ', '')));
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('brand rules', () => {
  it('gives Amex a 4-digit CID and the others a 3-digit code', () => {
    expect(getCardBrand('amex')).toMatchObject({ cvvLength: 4, securityCodeName: 'CID', lengths: [15] });
    expect(getCardBrand('mastercard')).toMatchObject({ cvvLength: 3, securityCodeName: 'CVC' });
    expect(getCardBrand('visa')).toMatchObject({ cvvLength: 3, securityCodeName: 'CVV' });
    expect(getCardBrand('discover').securityCodeName).toBe('CID');
  });

  it('spaces Amex 4-6-5, 14-digit Diners 4-6-4 and the rest 4-4-4-4(-3)', () => {
    expect(cardNumberGaps(getCardBrand('amex'), 15)).toEqual([4, 10]);
    expect(cardNumberGaps(getCardBrand('diners'), 14)).toEqual([4, 10]);
    expect(cardNumberGaps(getCardBrand('diners'), 16)).toEqual([4, 8, 12, 16]);
    expect(cardNumberGaps(getCardBrand('visa'), 19)).toEqual([4, 8, 12, 16]);
    expect(cardNumberGaps(undefined, 19)).toEqual([4, 8, 12, 16]);
  });

  it('caps the number at the brand length, 19 when unknown', () => {
    expect(maxCardNumberLength(getCardBrand('amex'))).toBe(15);
    expect(maxCardNumberLength(getCardBrand('mastercard'))).toBe(16);
    expect(maxCardNumberLength(undefined)).toBe(19);
  });

  it('keeps every table entry consistent', () => {
    for (const brand of CARD_BRANDS) {
      expect([...brand.lengths].sort((a, b) => a - b)).toEqual(brand.lengths);
      expect(brand.layouts.at(-1)!.upToLength).toBeGreaterThanOrEqual(maxCardNumberLength(brand));
      for (const prefix of brand.prefixes) {
        if (typeof prefix !== 'string') expect(prefix[0].length).toBe(prefix[1].length);
      }
    }
  });
});

describe('cardBrandName', () => {
  it('names a brand by its id or as the gateway writes it', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('AMEX')).toBe('American Express');
    expect(CARD_BRANDS.map((brand) => cardBrandName(brand.id))).toEqual(CARD_BRANDS.map((brand) => brand.displayName));
  });

  it('knows no other name, not even an object key', () => {
    expect(cardBrandName('ELO')).toBeUndefined();
    expect(cardBrandName('constructor')).toBeUndefined();
    expect(cardBrandName('__proto__')).toBeUndefined();
    expect(cardBrandName(null)).toBeUndefined();
  });
});
