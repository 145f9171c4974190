/**
 * The alternative payment methods of authorize (spec: "Payment method types and data"), as
 * data: which family a type belongs to, which shopper data it requires, and which orders it
 * can pay. The gateway answers a session's fitting methods with these rules; the Embedded
 * Fields frame renders and checks the data they name. Pure: no DOM, no I/O.
 */

/** Wallet redirects: empty data, PURCHASE only; the response redirects to the wallet's page. */
export const WALLET_REDIRECT_TYPES = ['wallet-a-redirect', 'wallet-b-redirect'] as const;
/** Bank redirects: accepted like the wallet redirects (README, decisions). */
export const BANK_REDIRECT_TYPES = ['bank-network-redirect', 'openbanking-redirect'] as const;
/**
 * Whether a transaction's `payment_method.type` is paid at the shopper's bank: a bank redirect,
 * or the payment endpoint's OPEN_BANKING (`open_banking`). Only the bank ends such a payment:
 * a shopper who leaves the bank's page leaves it PENDING (spec, States: "never cancelled
 * automatically; stays until provider reports").
 */
export function isBankPayment(type: string | null | undefined): boolean {
  return type === 'open_banking' || (BANK_REDIRECT_TYPES as readonly (string | null | undefined)[]).includes(type);
}
/** The methods that register `window[type].factory` in embedded-fields.js (spec). */
export const REDIRECT_FACTORY_TYPES = [...WALLET_REDIRECT_TYPES, ...BANK_REDIRECT_TYPES] as const;
export type RedirectFactoryType = (typeof REDIRECT_FACTORY_TYPES)[number];

export const PROVIDER_X_TYPE = 'provider-x-local';
export const PROVIDER_Y_PREFIX = 'provider-y-redirect-';

/** The spec's provider-y-redirect-{code} codes, in the spec's order. */
export const PROVIDER_Y_METHOD_CODES = [
  'ali', 'blt', 'chp', 'gir', 'glu', 'gfc', 'obt', 'npy', 'ntl', 'onb', 'pgf', 'psc', 'pch', 'pwy',
  'gch', 'grp', 'cns', 'dna', 'lnj', 'mah', 'spx', 'khp', 'spi', 'sft', 'epd', 'wlt', 'idl',
] as const;

export type AlternativeMethodFamily = 'local' | 'wallet' | 'bank' | 'provider-y';

/** A field of `payment_method.data` a method takes from the shopper. */
export interface MethodDataField {
  name: 'email' | 'first_name' | 'last_name' | 'blik_code';
  required: boolean;
}

/** What a method needs and what it can pay. */
export interface AlternativeMethodRules {
  type: string;
  family: AlternativeMethodFamily;
  data: readonly MethodDataField[];
  /** ISO 4217 codes it accepts; null: any. */
  currencies: readonly string[] | null;
  transactionTypes: readonly string[];
}

const SHOPPER: readonly MethodDataField[] = [
  { name: 'email', required: true },
  { name: 'first_name', required: true },
  { name: 'last_name', required: true },
];

/** The rules of an alternative method type, or undefined for cards and unknown types. */
export function alternativeMethodRules(type: string): AlternativeMethodRules | undefined {
  const purchase = ['PURCHASE'];
  if ((WALLET_REDIRECT_TYPES as readonly string[]).includes(type)) {
    return { type, family: 'wallet', data: [], currencies: null, transactionTypes: purchase };
  }
  if ((BANK_REDIRECT_TYPES as readonly string[]).includes(type)) {
    return { type, family: 'bank', data: [], currencies: null, transactionTypes: purchase };
  }
  if (type === PROVIDER_X_TYPE) {
    // Spec: PLN only, PURCHASE only; email, first and last name; an optional 6-digit code.
    return {
      type,
      family: 'local',
      data: [...SHOPPER, { name: 'blik_code', required: false }],
      currencies: ['PLN'],
      transactionTypes: purchase,
    };
  }
  if (type.startsWith(PROVIDER_Y_PREFIX) && (PROVIDER_Y_METHOD_CODES as readonly string[]).includes(type.slice(PROVIDER_Y_PREFIX.length))) {
    return { type, family: 'provider-y', data: SHOPPER, currencies: null, transactionTypes: purchase };
  }
  return undefined;
}

/** Whether a method can pay an order of this currency and transaction type. */
export function methodFitsOrder(type: string, order: { currency: string; transactionType: string }): boolean {
  const rules = alternativeMethodRules(type);
  if (!rules) return false;
  return (rules.currencies === null || rules.currencies.includes(order.currency)) && rules.transactionTypes.includes(order.transactionType);
}

const FAMILY_ORDER: readonly AlternativeMethodFamily[] = ['local', 'wallet', 'bank', 'provider-y'];

/**
 * The methods of `enabled` (a terminal's list) that fit the order, local scheme first, then
 * wallets, banks and the multi-method provider; the terminal's order within a family.
 */
export function fittingAlternativeMethods(
  enabled: readonly string[],
  order: { currency: string; transactionType: string },
): AlternativeMethodRules[] {
  const fitting = enabled
    .filter((type) => methodFitsOrder(type, order))
    .map((type) => alternativeMethodRules(type)!)
    .filter((rules, index, all) => all.findIndex((other) => other.type === rules.type) === index);
  return FAMILY_ORDER.flatMap((family) => fitting.filter((rules) => rules.family === family));
}

/** A BLIK-type code: exactly 6 digits (spec: Limits). */
export function isBlikCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}
