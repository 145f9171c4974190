/**
 * THE card-payment pipeline, for the Embedded Fields card frame and the hosted page alike:
 * encrypt the card with the merchant's key, authorize with the client key and the session
 * (same origin), then run 3-D Secure (fingerprint, challenge, extra round) to its end through
 * the caller's adapter, and finish with the gateway's transaction. Also the redirect methods'
 * authorize (no card, the same finish). The answer never carries a card field; a failure is
 * worded by payment-errors.ts.
 */
import { collectBrowserInfo, runThreeDs, type ExecutionResponse, type ThreeDsAdapter, type ThreeDsErrorCode, type Transaction } from '@payments/core';
import { createEncrypter } from './card-encryption';
import type { GatewayApi } from './gateway-api';

/** The card to pay with. `cvv` is left out where none is asked (hosted page `cvv_less`). */
export type CardToPay =
  | { type: 'card'; number: string; expiryMonth: string; expiryYear: string; cvv?: string; network?: string | undefined }
  | { type: 'saved_card'; paymentMethodId: string; cvv?: string };

export interface PaymentChannel {
  api: GatewayApi;
  sessionId: string;
  /** Performs the 3-D Secure steps on this page (challenge dialog, navigation). */
  adapter: ThreeDsAdapter;
}

/** Why a payment ended without a result: a failed call, or a 3-D Secure error. */
export type PaymentFailure = { kind: 'call'; error: unknown } | { kind: 'three-ds'; code: Exclude<ThreeDsErrorCode, 'request_failed'> };

export type CardPaymentOutcome =
  | { kind: 'done'; transaction: Transaction }
  /** A full-page 3-D Secure step (or a provider's page): the page is leaving. */
  | { kind: 'left-page' }
  | { kind: 'failed'; failure: PaymentFailure };

/** Encrypts and authorizes the card (plus `extra` authorize fields), then finishes. */
export async function payByCard(channel: PaymentChannel, card: CardToPay, extra: Record<string, unknown> = {}): Promise<CardPaymentOutcome> {
  let response: ExecutionResponse;
  try {
    const encrypter = await createEncrypter(await channel.api.encryptionKey());
    const encrypt = (value: string) => encrypter.encrypt(value);
    const cvv = card.cvv ? { encrypted_cvv: await encrypt(card.cvv) } : {};
    const paymentMethod =
      card.type === 'saved_card'
        ? { type: 'saved_card', data: { payment_method_id: card.paymentMethodId, ...cvv } }
        : {
            type: 'card',
            data: {
              encrypted_card_number: await encrypt(card.number),
              ...cvv,
              encrypted_expiration_month: await encrypt(card.expiryMonth),
              encrypted_expiration_year: await encrypt(card.expiryYear),
              // A co-badged card's chosen network; the gateway checks it against the number.
              ...(card.network ? { brand: card.network } : {}),
            },
          };
    response = await authorize(channel, {
      payment_method: paymentMethod,
      ...extra,
      browser_info: collectBrowserInfo({ navigator, screen, date: new Date() }),
    });
  } catch (error) {
    return { kind: 'failed', failure: { kind: 'call', error } };
  }
  return finishPayment(channel, response);
}

/** Wallet, bank and local redirect methods: authorize with their data, then finish. */
export async function payByRedirect(channel: PaymentChannel, type: string, data: Record<string, string>): Promise<CardPaymentOutcome> {
  let response: ExecutionResponse;
  try {
    response = await authorize(channel, { payment_method: { type, data } });
  } catch (error) {
    return { kind: 'failed', failure: { kind: 'call', error } };
  }
  return finishPayment(channel, response);
}

/** Runs 3-D Secure from the authorize response to the gateway's transaction. */
export async function finishPayment(channel: PaymentChannel, response: ExecutionResponse): Promise<CardPaymentOutcome> {
  const outcome = await runThreeDs(response, channel.adapter, { allowHttp: location.protocol === 'http:' });
  if (outcome.kind === 'done') return { kind: 'done', transaction: outcome.transaction };
  if (outcome.kind === 'left-page') return { kind: 'left-page' };
  if (outcome.code === 'request_failed') return { kind: 'failed', failure: { kind: 'call', error: outcome.cause } };
  return { kind: 'failed', failure: { kind: 'three-ds', code: outcome.code } };
}

function authorize(channel: PaymentChannel, body: Record<string, unknown>): Promise<ExecutionResponse> {
  return channel.api.post('/api/transactions/authorize', { session_id: channel.sessionId, ...body });
}
