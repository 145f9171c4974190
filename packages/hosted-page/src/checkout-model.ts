/**
 * What the page shows, derived from the gateway's answers, as pure functions (no DOM, no
 * fetch; unit-tested): the session view's shape, the language, the payment options the
 * terminal allows for this order, the instalment counts, and how a transaction ends.
 */
import {
  PROCESSING_CODES,
  fittingAlternativeMethods,
  type MethodDataField,
  type SavedCardSummary,
  type Transaction,
} from '@payments/core';

/** GET /api/sessions/{id} with the client key: what a checkout needs, never a secret. */
export interface SessionView {
  id: string;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  transaction_type: 'PURCHASE' | 'AUTHORIZE';
  status: 'CREATED' | 'COMPLETED' | 'EXPIRED';
  kind: 'HPP' | 'EMBEDDED_FIELDS';
  expires_at: string;
  merchant: {
    name: string;
    branding: { logo_url: string; primary_color: string; background_color: string; text_color: string };
    default_language: string;
  };
  payment_methods: string[];
  /** The merchant's customer data for this payment, pre-filling what a method asks for. */
  customer?: { email: string | null; first_name: string | null; last_name: string | null } | null;
  hpp: {
    language: string | null;
    options: { number_of_instalments?: number[]; skip_three_ds?: boolean; cvv_less?: boolean };
    customer_id: string | null;
  } | null;
}

/** GET /api/sessions/{id}/saved-cards: masked data only (core's wire type). */
export type { SavedCardSummary };

/** Provider Y methods the page offers, by code: a recognisable name and the currencies it takes. */
export const PROVIDER_Y_METHODS: Readonly<Record<string, { name: string; currencies: readonly string[] }>> = {
  idl: { name: 'iDEAL', currencies: ['EUR'] },
  sft: { name: 'Sofort', currencies: ['EUR', 'CHF'] },
  epd: { name: 'EPS', currencies: ['EUR'] },
  psc: { name: 'paysafecard', currencies: ['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'RON', 'SEK'] },
  ali: { name: 'Alipay', currencies: ['CNY', 'HKD'] },
  grp: { name: 'GrabPay', currencies: ['SGD', 'MYR'] },
};

/** Names of the other redirect methods; banks are named by the shared catalogs (localized). */
const METHOD_NAMES: Readonly<Record<string, string>> = {
  'wallet-a-redirect': 'Wallet A',
  'wallet-b-redirect': 'Wallet B',
  'provider-x-local': 'BLIK',
};

export type PaymentOption =
  | { kind: 'saved-card'; id: string; card: SavedCardSummary }
  | { kind: 'card'; id: 'card' }
  | {
      kind: 'redirect';
      id: string;
      /** The authorize `payment_method.type`. */
      type: string;
      family: 'local' | 'wallet' | 'bank' | 'provider-y';
      /** A brand name, or a catalog key for the bank methods. */
      name: string | { key: 'bankNetwork' | 'openBanking' };
      data: readonly MethodDataField[];
    };

export type RedirectOption = Extract<PaymentOption, { kind: 'redirect' }>;

/**
 * Saved cards first (the customer's own), then a new card, then the wallet and redirect
 * methods enabled on the terminal that fit the order (PURCHASE only; provider-x-local in
 * PLN; provider Y: the methods known to take the currency). Wallet A by token is not
 * offered: it needs the wallet's own script, a third-party request this page never makes.
 */
export function paymentOptions(session: SessionView, savedCards: readonly SavedCardSummary[]): PaymentOption[] {
  const options: PaymentOption[] = savedCards.map((card) => ({ kind: 'saved-card', id: `saved:${card.id}`, card }));
  options.push({ kind: 'card', id: 'card' });
  const fitting = fittingAlternativeMethods(session.payment_methods, { currency: session.currency, transactionType: session.transaction_type });
  for (const rules of fitting) {
    let name: RedirectOption['name'];
    if (rules.type === 'bank-network-redirect') name = { key: 'bankNetwork' };
    else if (rules.type === 'openbanking-redirect') name = { key: 'openBanking' };
    else if (rules.family === 'provider-y') {
      const known = PROVIDER_Y_METHODS[rules.type.slice('provider-y-redirect-'.length)];
      if (!known?.currencies.includes(session.currency)) continue;
      name = known.name;
    } else if (METHOD_NAMES[rules.type]) name = METHOD_NAMES[rules.type]!;
    else continue;
    options.push({ kind: 'redirect', id: rules.type, type: rules.type, family: rules.family, name, data: rules.data });
  }
  return options;
}

/** The instalment counts to pick from, ascending; empty when there is nothing to choose. */
export function instalmentChoices(session: SessionView): number[] {
  const counts = [...new Set(session.hpp?.options.number_of_instalments ?? [])]
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 48)
    .sort((a, b) => a - b);
  return counts.some((n) => n > 1) ? counts : [];
}

/** How an attempt ended, for the page. */
export type AttemptOutcome =
  | { kind: 'approved' }
  | { kind: 'pending' }
  | { kind: 'declined'; reason: 'funds' | 'authentication' | 'generic' | 'failed' | 'provider' };

export function outcomeOf(
  transaction: Pick<Transaction, 'status' | 'processing_code' | 'approved' | 'response_message'> & { payment_method?: { type?: string } | null },
): AttemptOutcome {
  if (transaction.status === 'APPROVED' || transaction.approved) return { kind: 'approved' };
  if (transaction.status === 'PENDING') return { kind: 'pending' };
  if (transaction.processing_code === PROCESSING_CODES.INSUFFICIENT_FUNDS) return { kind: 'declined', reason: 'funds' };
  if (transaction.status === 'FAILED') return { kind: 'declined', reason: 'failed' };
  const type = transaction.payment_method?.type;
  // A wallet, bank or local method: the provider, not a card issuer, said no (or the shopper left a wallet or BLIK).
  if (type && type !== 'card' && type !== 'saved_card') return { kind: 'declined', reason: 'provider' };
  if (/3DS/.test(transaction.response_message ?? '')) return { kind: 'declined', reason: 'authentication' };
  return { kind: 'declined', reason: 'generic' };
}

/** The last four digits of a masked number ('400000******0002' → '0002'). */
export function lastFour(masked: string): string {
  return /(\d{4})\D*$/.exec(masked)?.[1] ?? '';
}

/** MMYY, as the card form's saved-card mode takes it. */
export function expirationMMYY(card: Pick<SavedCardSummary, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}${String(card.exp_year % 100).padStart(2, '0')}`;
}

/** Same-origin paths only: a logo elsewhere would be a third-party request. */
export function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.pathname + resolved.search : null;
  } catch {
    return null;
  }
}

/** The page's exits (the gateway picks the merchant's URL): `/hpp/{id}/return` and `/hpp/{id}/cancel`. */
export function exitHref(sessionId: string, control: 'return' | 'cancel'): string {
  return `/hpp/${encodeURIComponent(sessionId)}/${control}`;
}
