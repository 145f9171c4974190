/**
 * Paying on the hosted page: read the card from <ef-card-form> (the card component's own
 * field element), encrypt it with the merchant's key (the frame's encrypter), authorize
 * with the client key and the session, then run 3-D Secure to its end through the page's
 * adapter. Redirect methods authorize with their data and leave for the provider. The
 * answer is what the page must show next; never a card field.
 */
import {
  collectBrowserInfo,
  messages,
  runThreeDs,
  type ExecutionResponse,
  type LocaleTag,
  type ThreeDsAdapter,
  type Transaction,
} from '@payments/core';
import { createEncrypter } from '@payments/embedded-fields/card-encryption';
import { GatewayCallError } from '@payments/embedded-fields/gateway-api';
import type { HppApi } from './hpp-api';
import { pageTexts } from './texts';

/** What the page needs from <ef-card-form>. */
export interface CardFormPort {
  validateAll(): { valid: boolean };
  readCardData(): { number: string; expiryMonth: string; expiryYear: string; cvv: string } | undefined;
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
  api: HppApi;
  adapter: ThreeDsAdapter;
  locale: LocaleTag;
}

export type CardChoice =
  | { kind: 'card'; form: CardFormPort; cvvLess: boolean }
  /** form: the CVV re-entry; null when the session is cvv_less. */
  | { kind: 'saved-card'; paymentMethodId: string; form: CardFormPort | null };

export async function payByCard(deps: PaymentDeps, choice: CardChoice, instalments: number | undefined): Promise<PaymentResult> {
  let card: ReturnType<CardFormPort['readCardData']>;
  if (choice.form) {
    const valid = choice.form.validateAll().valid;
    card = valid ? choice.form.readCardData() : undefined;
    if (!card) return { kind: 'invalid' };
  }
  let response: ExecutionResponse;
  try {
    const encrypter = await createEncrypter(await deps.api.gateway.encryptionKey());
    const encrypt = (value: string) => encrypter.encrypt(value);
    const paymentMethod =
      choice.kind === 'saved-card'
        ? {
            type: 'saved_card',
            data: { payment_method_id: choice.paymentMethodId, ...(card?.cvv ? { encrypted_cvv: await encrypt(card.cvv) } : {}) },
          }
        : {
            type: 'card',
            data: {
              encrypted_card_number: await encrypt(card!.number),
              ...(choice.cvvLess ? {} : { encrypted_cvv: await encrypt(card!.cvv) }),
              encrypted_expiration_month: await encrypt(card!.expiryMonth),
              encrypted_expiration_year: await encrypt(card!.expiryYear),
            },
          };
    response = await deps.api.authorize({
      payment_method: paymentMethod,
      browser_info: collectBrowserInfo({ navigator, screen, date: new Date() }),
      ...(instalments !== undefined ? { instalments } : {}),
    });
  } catch (error) {
    return failure(error);
  }
  return finish(deps, response);
}

/** Wallet, bank and local redirect methods: authorize, then go to the provider's page. */
export async function payByRedirect(deps: PaymentDeps, type: string, data: Record<string, string>): Promise<PaymentResult> {
  let response: ExecutionResponse;
  try {
    response = await deps.api.authorize({ payment_method: { type, data } });
  } catch (error) {
    return failure(error);
  }
  return finish(deps, response);
}

async function finish(deps: PaymentDeps, response: ExecutionResponse): Promise<PaymentResult> {
  const outcome = await runThreeDs(response, deps.adapter, { allowHttp: location.protocol === 'http:' });
  if (outcome.kind === 'done') return { kind: 'done', transaction: outcome.transaction };
  if (outcome.kind === 'left-page') return { kind: 'left-page' };
  if (outcome.code === 'request_failed') return failure(outcome.cause);
  const code = outcome.code;
  return { kind: 'error', message: (locale) => messages(locale).threeDsErrors[code] };
}

/** A failed call, as the shopper should hear it (in any language). Expired sessions have a page of their own. */
export function failure(error: unknown): PaymentResult {
  const say = (pick: (locale: LocaleTag) => string): PaymentResult => ({ kind: 'error', message: pick });
  // No answer, a 5xx or an answer that is not one: paying again with the session is safe.
  if (!(error instanceof GatewayCallError)) return say((l) => messages(l).status.serviceUnavailable);
  switch (error.code) {
    case '1005':
      return { kind: 'expired' };
    case 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE':
      return say((l) => messages(l).savedCard.inactiveError);
    case 'INVALID_REQUEST_PAYMENT_METHOD_EXPIRED':
      return say((l) => messages(l).savedCard.expiredError);
    case '2013':
    case '2014':
    case '2015':
    case '2017':
      return say((l) => pageTexts(l).unavailableMethods);
  }
  if (error.status >= 500 || error.malformed) return say((l) => messages(l).status.serviceUnavailable);
  return say((l) => messages(l).status.genericError);
}
