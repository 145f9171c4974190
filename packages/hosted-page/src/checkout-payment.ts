/**
 * Paying on the hosted page: read the card from <ef-card-form> (the card component's own
 * field element), then THE card-payment pipeline of the secure face (the one the card frame
 * runs) with this page's 3-D Secure adapter. Redirect methods authorize with their data and
 * leave for the provider. The answer is what the page must show next; never a card field.
 */
import { PROCESSING_CODES, type LocaleTag, type ThreeDsAdapter, type Transaction } from '@payments/core';
import {
  payByCard as payWithCard,
  payByRedirect as payWithRedirect,
  paymentError,
  paymentErrorCode,
  type CardPaymentOutcome,
  type CardToPay,
  type GatewayApi,
  type PaymentFailure,
} from '@payments/embedded-fields/secure';
import { pageTexts } from './texts';

/** What the page needs from <ef-card-form>. */
export interface CardFormPort {
  validateAll(): { valid: boolean };
  readCardData(): { number: string; expiryMonth: string; expiryYear: string; cvv: string; network?: string } | undefined;
}

export type PaymentResult =
  | { kind: 'done'; transaction: Transaction }
  | { kind: 'left-page' }
  /** A field is not valid: nothing was sent, the form shows why. */
  | { kind: 'invalid' }
  | { kind: 'expired' }
  /** message: in any language (the shopper may switch while it shows). */
  | { kind: 'error'; message: (locale: LocaleTag) => string };

export interface PaymentDeps {
  api: GatewayApi;
  sessionId: string;
  adapter: ThreeDsAdapter;
}

export type CardChoice =
  | { kind: 'card'; form: CardFormPort; cvvLess: boolean }
  /** form: the CVV re-entry; null when the session is cvv_less. */
  | { kind: 'saved-card'; paymentMethodId: string; form: CardFormPort | null };

/** The terminal or merchant cannot take payments (spec: 2013, 2014, 2015, 2017). */
const UNAVAILABLE: readonly string[] = [
  PROCESSING_CODES.TERMINAL_NOT_FOUND,
  PROCESSING_CODES.TERMINAL_INACTIVE,
  PROCESSING_CODES.TERMINAL_NOT_ACCEPTING_PAYMENTS,
  PROCESSING_CODES.MERCHANT_INACTIVE,
];

export async function payByCard(deps: PaymentDeps, choice: CardChoice, instalments: number | undefined): Promise<PaymentResult> {
  let card: ReturnType<CardFormPort['readCardData']>;
  if (choice.form) {
    card = choice.form.validateAll().valid ? choice.form.readCardData() : undefined;
    if (!card) return { kind: 'invalid' };
  }
  const toPay: CardToPay =
    choice.kind === 'saved-card'
      ? { type: 'saved_card', paymentMethodId: choice.paymentMethodId, ...(card?.cvv ? { cvv: card.cvv } : {}) }
      : {
          type: 'card',
          number: card!.number,
          expiryMonth: card!.expiryMonth,
          expiryYear: card!.expiryYear,
          ...(choice.cvvLess ? {} : { cvv: card!.cvv }),
          // A co-badged card's chosen network (the form's choice, checked by the gateway).
          ...(card!.network ? { network: card!.network } : {}),
        };
  return pageResult(await payWithCard(deps, toPay, instalments !== undefined ? { instalments } : {}));
}

/** Wallet, bank and local redirect methods: authorize, then go to the provider's page. */
export async function payByRedirect(deps: PaymentDeps, type: string, data: Record<string, string>): Promise<PaymentResult> {
  return pageResult(await payWithRedirect(deps, type, data));
}

function pageResult(outcome: CardPaymentOutcome): PaymentResult {
  if (outcome.kind === 'done') return { kind: 'done', transaction: outcome.transaction };
  if (outcome.kind === 'left-page') return { kind: 'left-page' };
  return failure(outcome.failure);
}

/** A failure as the shopper should hear it (in any language); an expired session has a page of its own. */
export function failure(cause: PaymentFailure): PaymentResult {
  const error = paymentErrorCode(cause);
  if (error.code === 'session_expired') return { kind: 'expired' };
  if (error.code === 'payment_refused' && UNAVAILABLE.includes(error.gatewayCode ?? '')) {
    return { kind: 'error', message: (locale) => pageTexts(locale).unavailableMethods };
  }
  return { kind: 'error', message: (locale) => paymentError(cause, locale).message };
}
