/**
 * Card expiry date: reading what a shopper types or the browser autofills, formatting it
 * as 'MM / YY' while typing, validating it, and the spec's encryptable form.
 */
import type { FieldValidation, FieldValidationOptions } from './card-errors';

/** The month and year digits read from the field, as typed (not yet validated). */
export interface ExpiryParts {
  /** '', '0', '1' (a second digit may follow) or two digits. */
  month: string;
  /** 0 to 4 digits. */
  year: string;
  /** The shopper typed a separator after the month. */
  separated: boolean;
}

/** The separator `formatExpiryInput` writes, matching the 'MM / YY' placeholder. */
export const EXPIRY_SEPARATOR = ' / ';
/** Expiry dates further ahead than this are refused. */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

const ALLOWED = /^[\d\s/.\-\u2010-\u2015\u2212]*$/;

/**
 * Reads the field's text: '1' → month '1'; '2' → '02'; '13' → '01' / '3'; '122' → '12' /
 * '2'; '1/2' → '01' / '2'; '12 / 2028', '12-28', '1228'; autofill '12/2028' and ISO
 * '2028-12'. Undefined when the text holds anything but digits, spaces and / . - separators.
 */
export function parseExpiryInput(text: string): ExpiryParts | undefined {
  const trimmed = text.trim();
  if (!ALLOWED.test(trimmed)) return undefined;
  const iso = /^(\d{4})\s*[-/.]\s*(\d{1,2})$/.exec(trimmed);
  if (iso) return { month: iso[2]!.padStart(2, '0'), year: iso[1]!, separated: true };

  const separated = /^(\d{1,2})\s*(?:[/.\-\u2010-\u2015\u2212]+|\s)\s*(\d*)$/.exec(trimmed);
  if (separated) {
    return { month: separated[1]!.padStart(2, '0'), year: separated[2]!.slice(0, 4), separated: true };
  }
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return { month: '', year: '', separated: false };
  const first = digits[0]!;
  // A first digit 2–9 can only be a one-digit month; '1' followed by 3–9 likewise.
  if (first >= '2' || (first === '1' && digits.length > 1 && digits[1]! >= '3')) {
    return { month: `0${first}`, year: digits.slice(1, 5), separated: false };
  }
  return { month: digits.slice(0, 2), year: digits.slice(2, 6), separated: false };
}

/** Options of {@link formatExpiryInput}. */
export interface ExpiryFormatOptions {
  /** The shopper is deleting: do not append a separator after a complete month. */
  deleting?: boolean;
}

/**
 * The field's text as it should be shown while typing: '1' → '1', '2' → '02 / ',
 * '12' → '12 / ', '122' → '12 / 2', '1/2' → '01 / 2'. Characters that cannot belong to a
 * date are dropped.
 */
export function formatExpiryInput(text: string, options: ExpiryFormatOptions = {}): string {
  const parts = parseExpiryInput(text) ?? parseExpiryInput(text.replace(/[^\d\s/.-]/g, ''));
  if (!parts || parts.month === '') return '';
  if (parts.year !== '') return `${parts.month}${EXPIRY_SEPARATOR}${parts.year}`;
  if (parts.month.length < 2) return parts.month;
  return options.deleting ? parts.month : `${parts.month}${EXPIRY_SEPARATOR}`;
}

/** A validated expiry: month 1–12, four-digit year. */
export interface ExpiryDate {
  month: number;
  year: number;
}

/** The expiry field's validation result, with the date when it could be read. */
export interface ExpiryValidation extends FieldValidation {
  expiry?: ExpiryDate;
}

/**
 * Validates the expiry field's text against `now`. The current month is valid; so is the
 * current month anywhere on Earth (the earlier of local and UTC calendars), since cards are
 * honoured to the end of their month. Years: 2 digits (20YY) or 4; at most
 * {@link MAX_EXPIRY_YEARS_AHEAD} years ahead.
 */
export function validateExpiry(text: string, now: Date, options: FieldValidationOptions = {}): ExpiryValidation {
  const final = options.final ?? false;
  const parts = parseExpiryInput(text);
  if (!parts) return { state: 'incomplete', valid: false, error: 'expiry_invalid' };
  if (parts.month === '' && parts.year === '') {
    return final ? { state: 'empty', valid: false, error: 'expiry_required' } : { state: 'empty', valid: false };
  }
  const incomplete = (): ExpiryValidation =>
    final ? { state: 'incomplete', valid: false, error: 'expiry_incomplete' } : { state: 'incomplete', valid: false };

  if (parts.month.length === 2) {
    const m = Number(parts.month);
    if (m < 1 || m > 12) return { state: 'incomplete', valid: false, error: 'expiry_invalid_month' };
  } else if (final && parts.month === '0') {
    return { state: 'incomplete', valid: false, error: 'expiry_invalid_month' };
  }
  if (parts.month.length < 2 || (parts.year.length !== 2 && parts.year.length !== 4)) return incomplete();

  const month = Number(parts.month);
  const nowYear = Math.min(now.getFullYear(), now.getUTCFullYear());
  const nowMonthIndex = Math.min(now.getFullYear() * 12 + now.getMonth(), now.getUTCFullYear() * 12 + now.getUTCMonth());
  const year = parts.year.length === 4 ? Number(parts.year) : Math.floor(nowYear / 100) * 100 + Number(parts.year);
  const expiry = { month, year };

  if (year * 12 + month - 1 < nowMonthIndex) {
    // '20' may be the start of '2028' rather than 2020: wait for the next digit.
    if (!final && parts.year.length === 2 && String(nowYear).startsWith(parts.year)) return incomplete();
    return { state: 'complete', valid: false, error: 'expiry_in_past', expiry };
  }
  if (year > nowYear + MAX_EXPIRY_YEARS_AHEAD) {
    return { state: 'complete', valid: false, error: 'expiry_too_far', expiry };
  }
  return { state: 'complete', valid: true, expiry };
}

/** Expiry as the spec encrypts it: month '1'–'12' without leading zero, four-digit year. */
export interface EncryptableExpiry {
  month: string;
  year: string;
}

/** The spec's encryptable month and year; throws on a date `validateExpiry` would refuse. */
export function toEncryptableExpiry(expiry: ExpiryDate): EncryptableExpiry {
  const { month, year } = expiry;
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid expiry month ${month}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid expiry year ${year}`);
  return { month: String(month), year: String(year) };
}
