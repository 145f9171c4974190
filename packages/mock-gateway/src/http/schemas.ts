/**
 * JSON schema fragments for the spec's fields and limits (Limits table), shared by the
 * routes so one limit is written once. Amounts: integers in minor units; anything above
 * 2^53-1 is refused because JSON clients cannot represent it exactly (README, decisions).
 */
import countries from 'i18n-iso-countries';

export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

export const str = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength }) as const;

export const amount = { type: 'integer', minimum: 1, maximum: MAX_AMOUNT } as const;
/** ISO 4217 and ISO 3166-1 alpha-2 (formats registered on each app's Ajv, app.ts). */
// The format alone: its list holds only upper-case codes (one error per bad value, not two).
export const currency = { type: 'string', format: 'iso4217' } as const;
export const country = { type: 'string', format: 'iso3166-alpha2' } as const;

/**
 * ISO 4217: the currencies ICU knows (Intl.supportedValuesOf), every circulating currency;
 * it leaves out fund and metal codes (CHE, CLF, XAU...) and XTS/XXX, which are not payment
 * currencies. ISO 3166-1 alpha-2: the i18n-iso-countries list (maintained, no locale data
 * needed for codes).
 */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const COUNTRIES = new Set(Object.keys(countries.getAlpha2Codes()));
export const isCurrency = (value: string): boolean => CURRENCIES.has(value);
export const isCountry = (value: string): boolean => COUNTRIES.has(value);

/** The formats above, for Ajv's `formats` option. */
export const FORMATS = { 'http-url': (value: string) => isHttpUrl(value), iso4217: isCurrency, 'iso3166-alpha2': isCountry };
export const terminalId = str(5, 20);
export const description = str(1, 100);
/**
 * Every URL field (return, success, cancel, error, originator URLs): an absolute http(s) URL
 * with its host written right after "//" (`https://#x`, `https:///path` or `https://:1/`
 * used to be stored, then the pages that redirect to them answered 500). The `http-url`
 * format is registered on each app's Ajv (app.ts).
 */
export const url = { type: 'string', minLength: 1, maxLength: 2048, format: 'http-url' } as const;
/** originator_url: http(s) URL, fragment allowed; empty means "the terminal website". */
export const originatorUrl = { type: 'string', maxLength: 2048, anyOf: [{ const: '' }, { format: 'http-url' }] } as const;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#\\@:][^\s]*$/.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}
export const metadata = { type: 'object', maxProperties: 50 } as const;
export const ip = {
  type: 'string',
  anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
} as const;

const nullableString = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export const customer = {
  type: 'object',
  properties: {
    id: nullableString(64),
    first_name: nullableString(255),
    last_name: nullableString(255),
    email: { type: ['string', 'null'], maxLength: 512 },
    phone: nullableString(32),
    address: nullableString(255),
    city: nullableString(255),
    country: { anyOf: [country, { type: 'null' }] },
    postal_code: nullableString(255),
  },
} as const;

export const browserInfo = {
  type: 'object',
  properties: {
    user_agent: str(0, 2048),
    accept_header: str(0, 2048),
    java_enabled: { type: 'boolean' },
    color_depth: { type: 'integer', minimum: 0, maximum: 256 },
    screen_height: { type: 'integer', minimum: 0, maximum: 100000 },
    screen_width: { type: 'integer', minimum: 0, maximum: 100000 },
    time_zone_offset: { type: 'integer', minimum: -1440, maximum: 1440 },
    language: str(0, 35),
  },
} as const;
