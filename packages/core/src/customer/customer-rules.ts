/**
 * Checks of the customer a merchant passes to `submitPayment({customer})` (spec: Embedded
 * Fields client library), and its mapping to the gateway's snake_case Customer. The values
 * come from merchant JavaScript, so types are checked at run time too.
 *
 * Everything but the phone number's length, which needs libphonenumber-js's metadata: that
 * check is passed in (customer-checks.ts, a subpath entry), so a browser loads the metadata
 * only for a customer who has a phone number (see {@link customerHasPhone}).
 */
import type { Customer } from '../api-types';
import { normalizeCountryCode } from './country-codes';

/** The customer keys `submitPayment` accepts. */
export const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'address',
  'city',
  'postalCode',
  'country',
  'phone',
  'email',
] as const;

/** One of the customer keys `submitPayment` accepts. */
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** The `customer` of `submitPayment`: all keys optional; null and '' mean absent. */
export type CustomerInput = Partial<Record<CustomerField, string | null>>;

/** Codes of {@link checkCustomerFields}. Every code has a message in every locale catalog. */
export const CUSTOMER_CHECK_CODES = [
  'required',
  'invalid_type',
  'unknown_field',
  'too_long',
  'country_invalid',
  'phone_not_e164',
  'phone_invalid_country_code',
  'phone_impossible_length',
  'email_invalid',
  'invalid_characters',
] as const;

/** A customer check code. */
export type CustomerCheckCode = (typeof CUSTOMER_CHECK_CODES)[number];

/** One failed check; `field` is the key as the merchant passed it. */
export interface CustomerCheckError {
  field: string;
  code: CustomerCheckCode;
}

/** Result of {@link checkCustomerFields}. */
export interface CustomerCheckResult {
  valid: boolean;
  errors: CustomerCheckError[];
}

/** Options of {@link checkCustomerFields}. */
export interface CustomerCheckOptions {
  /** Keys that must be present (e.g. for OCT, where the spec requires them all). */
  required?: readonly CustomerField[];
}

/** Spec limits: email up to 512 characters; names and address parts up to 255. */
export const CUSTOMER_LIMITS = { email: 512, text: 255 } as const;

/** E.164: '+', a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/**
 * A pragmatic address check: no spaces, one '@', a dot-separated local part, and a domain
 * of letter-or-digit labels (Unicode allowed) ending in an alphabetic or punycode TLD.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\\\]]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z\d-]{1,59})$/iu;

/** Visual separators a phone number may be written with: spaces, dashes, dots, brackets. */
const PHONE_SEPARATORS = /[\s\-.()\u2010-\u2015]/g;

const isCustomerField = (key: string): key is CustomerField => (CUSTOMER_FIELDS as readonly string[]).includes(key);

/** The trimmed string of a field, '' when absent, or undefined when it is not a string. */
function readField(customer: Readonly<Record<string, unknown>>, field: CustomerField): string | undefined {
  const value = customer[field];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : undefined;
}

function normalizeField(field: CustomerField, value: string): string {
  if (field === 'country') return value.toUpperCase();
  if (field === 'phone') return value.replace(PHONE_SEPARATORS, '');
  return value;
}

/**
 * The length check of an E.164 number (libphonenumber-js): undefined when possible for its
 * calling code. customer-checks.ts has the real one.
 */
export type PhoneLengthCheck = (e164: string) => 'phone_invalid_country_code' | 'phone_impossible_length' | undefined;

function checkField(field: CustomerField, value: string, phoneLength: PhoneLengthCheck | undefined): CustomerCheckCode | undefined {
  switch (field) {
    case 'country':
      return normalizeCountryCode(value) ? undefined : 'country_invalid';
    case 'phone': {
      if (!E164_PATTERN.test(value)) return 'phone_not_e164';
      // A programming error, not a shopper's: the caller must load the check when there is a phone.
      if (!phoneLength) throw new Error('checkCustomerFields: a phone number needs the phone length check (customerHasPhone)');
      return phoneLength(value);
    }
    case 'email':
      if (value.length > CUSTOMER_LIMITS.email) return 'too_long';
      return EMAIL_PATTERN.test(value) ? undefined : 'email_invalid';
    default:
      if (value.length > CUSTOMER_LIMITS.text) return 'too_long';
      // Names and address parts never need markup; the gateway's edge would refuse it anyway,
      // with a far less helpful answer than this one.
      return MARKUP_CHARACTERS.test(value) ? 'invalid_characters' : undefined;
  }
}

const MARKUP_CHARACTERS = /[<>{}\\]|javascript:/i;

/** True when the customer has a phone number to check (a non-empty string): only then is the phone length check needed. */
export function customerHasPhone(customer: unknown): boolean {
  if (typeof customer !== 'object' || customer === null) return false;
  const phone = (customer as Record<string, unknown>)['phone'];
  return typeof phone === 'string' && phone.trim() !== '';
}

/**
 * Checks a `submitPayment` customer: country is an ISO 3166-1 alpha-2 code (either case);
 * phone is E.164 (spaces, dashes, dots and brackets are dropped first) with a length
 * possible for its calling code (`phoneLength`, required when {@link customerHasPhone});
 * email is well formed and at most 512 characters; the other fields at most 255. Unknown
 * keys (e.g. snake_case `first_name`) are reported.
 */
export function checkCustomerFields(customer: unknown, options: CustomerCheckOptions = {}, phoneLength?: PhoneLengthCheck): CustomerCheckResult {
  if (typeof customer !== 'object' || customer === null || Array.isArray(customer)) {
    return { valid: false, errors: [{ field: 'customer', code: 'invalid_type' }] };
  }
  const record = customer as Readonly<Record<string, unknown>>;
  const errors: CustomerCheckError[] = [];
  for (const key of Object.keys(record)) {
    if (!isCustomerField(key)) errors.push({ field: key, code: 'unknown_field' });
  }
  for (const field of CUSTOMER_FIELDS) {
    const raw = readField(record, field);
    if (raw === undefined) {
      errors.push({ field, code: 'invalid_type' });
    } else if (raw === '') {
      if (options.required?.includes(field)) errors.push({ field, code: 'required' });
    } else {
      const code = checkField(field, normalizeField(field, raw), phoneLength);
      if (code) errors.push({ field, code });
    }
  }
  return { valid: errors.length === 0, errors };
}

/** The spec's Customer fields that `submitPayment` can fill. */
export type GatewayCustomer = Partial<
  Pick<Customer, 'first_name' | 'last_name' | 'address' | 'city' | 'postal_code' | 'country' | 'phone' | 'email'>
>;

const GATEWAY_KEYS: Readonly<Record<CustomerField, keyof GatewayCustomer>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  address: 'address',
  city: 'city',
  postalCode: 'postal_code',
  country: 'country',
  phone: 'phone',
  email: 'email',
};

/**
 * The customer in the gateway's snake_case, normalized as {@link checkCustomerFields} judged it
 * (trimmed, country uppercase, phone without separators); absent and empty fields and
 * non-string values are left out. Check first: this maps, it does not validate.
 */
export function toGatewayCustomer(customer: CustomerInput): GatewayCustomer {
  const gateway: GatewayCustomer = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = readField(customer, field);
    if (value) gateway[GATEWAY_KEYS[field]] = normalizeField(field, value);
  }
  return gateway;
}
