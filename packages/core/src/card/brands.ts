/**
 * Card brands: how to recognise them from the first digits a shopper types, and the rules
 * that follow from the brand (lengths, spacing, security code). Pure data plus one lookup,
 * shared by the card frame (live detection), the hosted page and the mock gateway
 * (`payment_method.brand`).
 */

import { CARD_BRAND_NAMES } from './brand-names';

/** The brands we recognise. */
export type CardBrandId = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'maestro';

/** What the brand prints on the card for its security code. */
export type SecurityCodeName = 'CVV' | 'CVC' | 'CID' | 'CVN';

/** A spacing layout: used for numbers of at most `upToLength` digits. */
export interface CardNumberLayout {
  readonly upToLength: number;
  /** Digit counts after which a space is shown, e.g. [4, 10] for 4-6-5. */
  readonly gaps: readonly number[];
}

/** A prefix such as '4', or an inclusive range of equally long prefixes such as ['51', '55']. */
export type CardPrefix = string | readonly [from: string, to: string];

/** One brand and the rules that follow from it. */
export interface CardBrand {
  readonly id: CardBrandId;
  readonly displayName: string;
  readonly prefixes: readonly CardPrefix[];
  /** Allowed lengths, ascending. */
  readonly lengths: readonly number[];
  /** Ascending by `upToLength`; the first that fits the digit count applies. */
  readonly layouts: readonly CardNumberLayout[];
  readonly cvvLength: 3 | 4;
  readonly securityCodeName: SecurityCodeName;
  /** False where the network issues numbers that fail Luhn (UnionPay). */
  readonly luhn: boolean;
}

const FOUR_FOUR_FOUR_FOUR_THREE: readonly CardNumberLayout[] = [{ upToLength: 19, gaps: [4, 8, 12, 16] }];

/**
 * The brand table. Ranges follow the networks' published IIN tables, simplified to what a
 * checkout needs; Discover's co-branded 622126–622925 range is left to UnionPay's `62`.
 */
export const CARD_BRANDS: readonly CardBrand[] = [
  {
    id: 'visa',
    displayName: CARD_BRAND_NAMES.visa,
    prefixes: ['4'],
    lengths: [16, 18, 19],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CVV',
    luhn: true,
  },
  {
    id: 'mastercard',
    displayName: CARD_BRAND_NAMES.mastercard,
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CVC',
    luhn: true,
  },
  {
    id: 'amex',
    displayName: CARD_BRAND_NAMES.amex,
    prefixes: ['34', '37'],
    lengths: [15],
    layouts: [{ upToLength: 15, gaps: [4, 10] }],
    cvvLength: 4,
    securityCodeName: 'CID',
    luhn: true,
  },
  {
    id: 'discover',
    displayName: CARD_BRAND_NAMES.discover,
    prefixes: ['6011', ['644', '649'], '65'],
    lengths: [16, 19],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CID',
    luhn: true,
  },
  {
    id: 'diners',
    displayName: CARD_BRAND_NAMES.diners,
    prefixes: [['300', '305'], '3095', '36', '38', '39'],
    lengths: [14, 16, 19],
    layouts: [{ upToLength: 14, gaps: [4, 10] }, ...FOUR_FOUR_FOUR_FOUR_THREE],
    cvvLength: 3,
    securityCodeName: 'CVV',
    luhn: true,
  },
  {
    id: 'jcb',
    displayName: CARD_BRAND_NAMES.jcb,
    prefixes: [['3528', '3589']],
    lengths: [16, 17, 18, 19],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CVV',
    luhn: true,
  },
  {
    id: 'unionpay',
    displayName: CARD_BRAND_NAMES.unionpay,
    prefixes: ['62', ['8100', '8171']],
    lengths: [16, 17, 18, 19],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CVN',
    luhn: false,
  },
  {
    id: 'maestro',
    displayName: CARD_BRAND_NAMES.maestro,
    prefixes: ['493698', '50', ['56', '58'], '6304', '6390', '67'],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    layouts: FOUR_FOUR_FOUR_FOUR_THREE,
    cvvLength: 3,
    securityCodeName: 'CVC',
    luhn: true,
  },
];

/** The brand with this id. */
export function getCardBrand(id: CardBrandId): CardBrand {
  return CARD_BRANDS.find((brand) => brand.id === id)!;
}

/**
 * Whether `digits` fits the prefix: matched (the prefix's length, > 0), could still match
 * with more digits (0), or cannot (-1). Compares characters in place, leaving no garbage:
 * slices and result objects here were most of what the card frame allocated while the
 * shopper typed (a sampling heap profile, 2026-11-28).
 */
function fitPrefix(digits: string, prefix: CardPrefix): number {
  const from = typeof prefix === 'string' ? prefix : prefix[0];
  const to = typeof prefix === 'string' ? prefix : prefix[1];
  const n = Math.min(digits.length, from.length);
  // Equal-length digit strings compare like numbers, so the digits typed so far fit the range
  // exactly when they lie between the range's ends cut to their length.
  if (compareHead(digits, from, n) < 0 || compareHead(digits, to, n) > 0) return -1;
  return digits.length >= from.length ? from.length : 0;
}

/** The first `n` characters of `a` against those of `b`, as string comparison would order them. */
function compareHead(a: string, b: string, n: number): number {
  for (let i = 0; i < n; i += 1) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return 0;
}

const NON_DIGITS = /\D/g;

/**
 * The digits last asked about and their brand. The card frame asks about the same number
 * some sixteen times per keystroke, formatted ('4242 42') and not ('424242'), for the state it
 * posts, the field's cap and formatting and the redraw.
 */
let lastDigits = '';
let lastBrand: CardBrand | undefined;

/**
 * The brand of a (partial) card number; non-digits are ignored.
 *
 * The longest fully matched prefix wins ('493698…' is Maestro although '4' is Visa). When
 * no prefix is matched yet but only one brand can still match ('2' → Mastercard, '60' →
 * Discover), that brand is returned; when several can ('3', '5', '6'), undefined.
 */
export function detectCardBrand(cardNumber: string): CardBrand | undefined {
  if (!sameDigits(cardNumber, lastDigits)) {
    lastDigits = cardNumber.replace(NON_DIGITS, '');
    lastBrand = brandOfDigits(lastDigits);
  }
  return lastBrand;
}

/** Whether `text`'s digits, whatever lies between them, are exactly `digits`. */
function sameDigits(text: string, digits: string): boolean {
  let d = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) continue;
    if (d === digits.length || code !== digits.charCodeAt(d)) return false;
    d += 1;
  }
  return d === digits.length;
}

function brandOfDigits(digits: string): CardBrand | undefined {
  if (digits === '') return undefined;
  let best: CardBrand | undefined;
  let bestLength = 0;
  let possible: CardBrand | undefined;
  let severalPossible = false;
  for (const brand of CARD_BRANDS) {
    for (const prefix of brand.prefixes) {
      const fit = fitPrefix(digits, prefix);
      if (fit > bestLength) {
        best = brand;
        bestLength = fit;
      } else if (fit === 0 && possible !== brand) {
        if (possible !== undefined) severalPossible = true;
        possible = brand;
      }
    }
  }
  if (best) return best;
  return severalPossible ? undefined : possible;
}

/** Lengths accepted when the brand is unknown. */
export const UNKNOWN_BRAND_LENGTHS: readonly number[] = [12, 13, 14, 15, 16, 17, 18, 19];

/** The longest number the brand allows (19 when unknown): the card number field's cap. */
export function maxCardNumberLength(brand: CardBrand | undefined): number {
  const lengths = brand?.lengths ?? UNKNOWN_BRAND_LENGTHS;
  return lengths[lengths.length - 1]!;
}

/** Where spaces go in a number of `length` digits of this brand (4-4-4-4-3 when unknown). */
export function cardNumberGaps(brand: CardBrand | undefined, length: number): readonly number[] {
  const layouts = brand?.layouts ?? FOUR_FOUR_FOUR_FOUR_THREE;
  return (layouts.find((layout) => length <= layout.upToLength) ?? layouts[layouts.length - 1]!).gaps;
}
