import { describe, expect, it } from 'vitest';
import { formatExpiryInput, parseExpiryInput, toEncryptableExpiry, validateExpiry } from './expiry';

/** Mid-May 2026: far from month ends, so the test does not depend on the machine's time zone. */
const NOW = new Date('2026-05-15T12:00:00Z');

describe('parseExpiryInput', () => {
  it.each([
    ['', '', ''],
    ['1', '1', ''],
    ['0', '0', ''],
    ['2', '02', ''],
    ['12', '12', ''],
    ['13', '01', '3'],
    ['19', '01', '9'],
    ['1/2', '01', '2'],
    ['122', '12', '2'],
    ['1228', '12', '28'],
    ['122028', '12', '2028'],
    ['12/28', '12', '28'],
    ['12 / 2028', '12', '2028'],
    ['12/2028', '12', '2028'],
    ['12-28', '12', '28'],
    ['12.28', '12', '28'],
    ['12 28', '12', '28'],
    ['2028-12', '12', '2028'],
    ['2028-1', '01', '2028'],
    ['12/', '12', ''],
    ['00', '00', ''],
  ])('%j → month %j, year %j', (text, month, year) => {
    expect(parseExpiryInput(text)).toMatchObject({ month, year });
  });

  it('refuses letters', () => {
    expect(parseExpiryInput('12/2x')).toBeUndefined();
    expect(parseExpiryInput('MM / YY')).toBeUndefined();
  });
});

describe('formatExpiryInput', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['0', '0'],
    ['2', '02 / '],
    ['12', '12 / '],
    ['13', '01 / 3'],
    ['1/2', '01 / 2'],
    ['1/', '01 / '],
    ['122', '12 / 2'],
    ['12 / 28', '12 / 28'],
    ['12/2028', '12 / 2028'],
    ['2028-12', '12 / 2028'],
    ['1228999', '12 / 2899'],
    ['12a', '12 / '],
  ])('%j → %j', (text, formatted) => {
    expect(formatExpiryInput(text)).toBe(formatted);
  });

  it('does not put back the separator the shopper is deleting', () => {
    expect(formatExpiryInput('12 /', { deleting: true })).toBe('12');
    expect(formatExpiryInput('12 / 2', { deleting: true })).toBe('12 / 2');
  });
});

describe('validateExpiry', () => {
  it('is empty without an error until final', () => {
    expect(validateExpiry('', NOW)).toEqual({ state: 'empty', valid: false });
    expect(validateExpiry('', NOW, { final: true })).toEqual({ state: 'empty', valid: false, error: 'expiry_required' });
  });

  it('accepts the current month and later, with 2- or 4-digit years', () => {
    expect(validateExpiry('05/26', NOW)).toEqual({ state: 'complete', valid: true, expiry: { month: 5, year: 2026 } });
    expect(validateExpiry('05 / 2026', NOW)).toMatchObject({ valid: true, expiry: { month: 5, year: 2026 } });
    expect(validateExpiry('2030-01', NOW)).toMatchObject({ valid: true, expiry: { month: 1, year: 2030 } });
  });

  it('refuses the month before the current one', () => {
    expect(validateExpiry('04/26', NOW)).toMatchObject({ state: 'complete', valid: false, error: 'expiry_in_past' });
    expect(validateExpiry('12/2025', NOW)).toMatchObject({ valid: false, error: 'expiry_in_past' });
  });

  it('accepts up to 20 years ahead', () => {
    expect(validateExpiry('12/46', NOW)).toMatchObject({ valid: true });
    expect(validateExpiry('01/47', NOW)).toMatchObject({ valid: false, error: 'expiry_too_far' });
    expect(validateExpiry('01/2099', NOW)).toMatchObject({ valid: false, error: 'expiry_too_far' });
  });

  it('refuses month 00 and months above 12 as soon as typed', () => {
    expect(validateExpiry('00', NOW)).toMatchObject({ valid: false, error: 'expiry_invalid_month' });
    expect(validateExpiry('13/28', NOW)).toMatchObject({ valid: false, error: 'expiry_invalid_month' });
    expect(validateExpiry('0', NOW, { final: true })).toMatchObject({ error: 'expiry_invalid_month' });
  });

  it('waits for more digits while typing, and calls it incomplete when final', () => {
    for (const text of ['1', '12', '12 / ', '12/2', '12/202']) {
      expect(validateExpiry(text, NOW), text).toEqual({ state: 'incomplete', valid: false });
      expect(validateExpiry(text, NOW, { final: true }), text).toMatchObject({ valid: false, error: 'expiry_incomplete' });
    }
  });

  it("reads '20' as the start of a four-digit year while typing, as 2020 when final", () => {
    expect(validateExpiry('12 / 20', NOW)).toEqual({ state: 'incomplete', valid: false });
    expect(validateExpiry('12 / 20', NOW, { final: true })).toMatchObject({ error: 'expiry_in_past' });
    expect(validateExpiry('12 / 19', NOW)).toMatchObject({ error: 'expiry_in_past' });
  });

  it('keeps a card valid through its last day in the shopper time zone and UTC', () => {
    // 23:30 UTC on 31 May is already 1 June in Sarajevo, Bucharest and Stockholm.
    const lastEvening = new Date('2026-05-31T23:30:00Z');
    expect(validateExpiry('05/26', lastEvening)).toMatchObject({ valid: true });
    expect(validateExpiry('05/26', new Date('2026-06-02T12:00:00Z'))).toMatchObject({ error: 'expiry_in_past' });
  });

  it('refuses text that is not a date', () => {
    expect(validateExpiry('next year', NOW)).toEqual({ state: 'incomplete', valid: false, error: 'expiry_invalid' });
  });
});

describe('toEncryptableExpiry', () => {
  it('writes the month without a leading zero and the year with four digits', () => {
    expect(toEncryptableExpiry({ month: 3, year: 2028 })).toEqual({ month: '3', year: '2028' });
    expect(toEncryptableExpiry({ month: 12, year: 2030 })).toEqual({ month: '12', year: '2030' });
  });

  it('works on what validateExpiry returns', () => {
    const { expiry } = validateExpiry('09/27', NOW);
    expect(toEncryptableExpiry(expiry!)).toEqual({ month: '9', year: '2027' });
  });

  it('throws on a month or year the spec does not allow', () => {
    expect(() => toEncryptableExpiry({ month: 0, year: 2028 })).toThrow(RangeError);
    expect(() => toEncryptableExpiry({ month: 13, year: 2028 })).toThrow(RangeError);
    expect(() => toEncryptableExpiry({ month: 1.5, year: 2028 })).toThrow(RangeError);
    expect(() => toEncryptableExpiry({ month: 1, year: 28 })).toThrow(RangeError);
  });
});
