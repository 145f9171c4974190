/**
 * Turns `payment_method` of an authorize request into what the gateway works with: the
 * decrypted card facts (never returned), the DTO's payment_method fields, and whether the
 * spec's "When 3-D Secure applies" table initiates authentication for it.
 *
 * Each encrypted field must decrypt with the merchant's key; one that does not is a 422 on
 * its own property (`payment_method.data.encrypted_cvv`, ...). The fields of one card are
 * decrypted side by side in the decrypt workers (card-keys.ts), off the event loop. A card's
 * plain `brand` (a co-badged card's chosen network) must be one of the number's networks.
 */
import { ERROR_CODES, decodeBase64Json, type PaymentMethodData } from '@payments/core';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import type { CardFacts, SavedPaymentMethod } from '../store/records';
import { cardBrand } from './card-brand';
import { cardHasher } from './card-hash';

export interface ResolvedPaymentMethod {
  data: Partial<PaymentMethodData> & { type: string };
  card: CardFacts | null;
  /** Per the spec's table: card, saved_card, PAN_ONLY wallet-a and network tokens. */
  threeDs: boolean;
  savedCard: SavedPaymentMethod | null;
}

type Data = Record<string, unknown>;

export async function resolvePaymentMethod(
  ctx: GatewayContext,
  merchantId: string,
  type: string,
  data: Data,
  now: Date,
): Promise<ResolvedPaymentMethod> {
  const hash = await cardHasher(ctx, merchantId);
  switch (type) {
    case 'card': {
      const card = await decryptCard(ctx, merchantId, data, now, {
        number: 'encrypted_card_number',
        month: 'encrypted_expiration_month',
        year: 'encrypted_expiration_year',
        cvv: 'encrypted_cvv',
      });
      // A co-badged card's chosen network: checked against the number (card-brand.ts).
      if (data.brand !== undefined) card.brand = cardBrand(card.number, data.brand);
      return { data: cardMethodData(hash, 'card', card), card, threeDs: true, savedCard: null };
    }
    case 'saved_card':
      return resolveSavedCard(ctx, merchantId, data, now, hash);
    case 'network-token': {
      const card = await decryptCard(ctx, merchantId, data, now, {
        number: 'encrypted_token_number',
        month: 'encrypted_expiration_month',
        year: 'encrypted_expiration_year',
      });
      const hasCryptogram = typeof data.encrypted_cryptogram === 'string';
      if (hasCryptogram) {
        plainField(await decryptFields(ctx, merchantId, data, ['encrypted_cryptogram']), 'encrypted_cryptogram');
        if (data.eci === undefined) throw invalid('payment_method.data.eci', 'eci is required with a cryptogram');
      }
      const method = cardMethodData(hash, 'network-token', card);
      method.method = typeof data.source === 'string' ? data.source : 'network-token';
      // PAN_ONLY (no cryptogram) authenticates like a card; a valid cryptogram and ECI skip it.
      return { data: method, card, threeDs: !hasCryptogram, savedCard: null };
    }
    case 'wallet-a':
      return resolveWalletAToken(data, now, hash);
    default:
      return { data: { type }, card: null, threeDs: false, savedCard: null };
  }
}

type Decrypted = Map<string, string | undefined>;

/** Decrypts these fields of `data` at once (one task for a decrypt worker). */
async function decryptFields(ctx: GatewayContext, merchantId: string, data: Data, fields: string[]): Promise<Decrypted> {
  const plain = await ctx.keys.decryptAll(merchantId, fields.map((field) => data[field]));
  return new Map(fields.map((field, i) => [field, plain[i]]));
}

/** A decrypted field, or the 422 on its property when it did not decrypt. */
function plainField(decrypted: Decrypted, field: string): string {
  const plain = decrypted.get(field);
  if (plain === undefined) {
    throw invalid(`payment_method.data.${field}`, 'must be Base64 RSA-OAEP-256 ciphertext made with the merchant key');
  }
  return plain;
}

async function decryptCard(
  ctx: GatewayContext,
  merchantId: string,
  data: Data,
  now: Date,
  fields: { number: string; month: string; year: string; cvv?: string },
): Promise<CardFacts> {
  // The schema decides whether CVV is required (the hosted page's cvv_less makes it optional).
  const withCvv = fields.cvv !== undefined && data[fields.cvv] !== undefined;
  const decrypted = await decryptFields(ctx, merchantId, data, [fields.number, fields.month, fields.year, ...(withCvv ? [fields.cvv!] : [])]);
  // Checked in the order a reader expects the errors: number, month, year, CVV, expiry.
  const number = plainField(decrypted, fields.number).replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number)) throw invalid(`payment_method.data.${fields.number}`, 'must be 12 to 19 digits');
  const month = plainField(decrypted, fields.month);
  const year = plainField(decrypted, fields.year);
  if (withCvv) {
    const cvv = plainField(decrypted, fields.cvv!);
    if (!/^\d{3,4}$/.test(cvv)) throw invalid(`payment_method.data.${fields.cvv}`, 'must be 3 or 4 digits');
  }
  const expiry = checkExpiry(month, year, now, fields);
  return {
    number,
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    brand: cardBrand(number),
    exp_month: expiry.month,
    exp_year: expiry.year,
  };
}

/** Month 1 to 12 without a leading zero; year 2 or 4 digits, current or later (spec). */
function checkExpiry(
  month: string,
  year: string,
  now: Date,
  fields: { month: string; year: string },
): { month: number; year: number } {
  if (!/^(1[0-2]|[1-9])$/.test(month)) {
    throw invalid(`payment_method.data.${fields.month}`, 'must be 1 to 12 without a leading zero');
  }
  if (!/^(\d{2}|\d{4})$/.test(year)) throw invalid(`payment_method.data.${fields.year}`, 'must be 2 or 4 digits');
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const m = Number(month);
  const currentYear = now.getUTCFullYear();
  if (fullYear < currentYear || (fullYear === currentYear && m < now.getUTCMonth() + 1)) {
    throw invalid(`payment_method.data.${fields.year}`, 'the card has expired', [String(m), String(fullYear)]);
  }
  return { month: m, year: fullYear };
}

function cardMethodData(
  hash: (cardNumber: string) => string,
  type: string,
  card: CardFacts,
): Partial<PaymentMethodData> & { type: string } {
  return {
    type,
    brand: card.brand,
    masked: `${card.bin}${'*'.repeat(card.number.length - 10)}${card.last4}`,
    hash: hash(card.number),
    method: null,
    token: null,
  };
}

async function resolveSavedCard(
  ctx: GatewayContext,
  merchantId: string,
  data: Data,
  now: Date,
  hash: (cardNumber: string) => string,
): Promise<ResolvedPaymentMethod> {
  const id = data.payment_method_id;
  const saved = typeof id === 'string' ? await ctx.store.paymentMethod(id) : undefined;
  if (!saved || saved.merchant_id !== merchantId) {
    throw invalid('payment_method.data.payment_method_id', 'Unknown saved payment method', [String(id)]);
  }
  if (saved.status !== 'ACTIVE') {
    throw invalid(
      'payment_method.data.payment_method_id',
      'The saved payment method is inactive',
      [saved.id],
      ERROR_CODES.PAYMENT_METHOD_INACTIVE,
    );
  }
  const { exp_month: m, exp_year: y } = saved.card;
  if (y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1)) {
    throw invalid('payment_method.data.payment_method_id', 'The saved card has expired', [saved.id], 'INVALID_REQUEST_PAYMENT_METHOD_EXPIRED');
  }
  if (data.encrypted_cvv !== undefined) {
    const cvv = plainField(await decryptFields(ctx, merchantId, data, ['encrypted_cvv']), 'encrypted_cvv');
    if (!/^\d{3,4}$/.test(cvv)) throw invalid('payment_method.data.encrypted_cvv', 'must be 3 or 4 digits');
  }
  const card: CardFacts = {
    number: saved.card.number,
    bin: saved.card.bin,
    last4: saved.card.last_4,
    brand: saved.card.brand,
    exp_month: m,
    exp_year: y,
  };
  const method = cardMethodData(hash, 'saved_card', card);
  method.token = saved.id;
  return { data: method, card, threeDs: true, savedCard: saved };
}

/**
 * wallet-a: `google_pay_token` is Base64 of the wallet's token JSON. A real gateway
 * decrypts `signedMessage`; the mock reads it as cleartext JSON with
 * `paymentMethodDetails {pan, expirationMonth, expirationYear, authMethod, cryptogram?,
 * eciIndicator?}` (README, decisions). PAN_ONLY authenticates; CRYPTOGRAM_3DS skips it.
 */
function resolveWalletAToken(data: Data, now: Date, hash: (cardNumber: string) => string): ResolvedPaymentMethod {
  const property = 'payment_method.data.google_pay_token';
  let details: Record<string, unknown>;
  try {
    const token = decodeBase64Json<{ signedMessage?: unknown }>(String(data.google_pay_token));
    const message = typeof token.signedMessage === 'string' ? JSON.parse(token.signedMessage) : token.signedMessage;
    details = (message as { paymentMethodDetails: Record<string, unknown> }).paymentMethodDetails;
    if (typeof details !== 'object' || details === null) throw new Error('no details');
  } catch {
    throw invalid(property, 'must be Base64 of the wallet token JSON');
  }
  const pan = String(details.pan ?? '');
  const authMethod = details.authMethod;
  if (!/^\d{12,19}$/.test(pan) || (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS')) {
    throw invalid(property, 'the token has no usable card (pan, authMethod PAN_ONLY or CRYPTOGRAM_3DS)');
  }
  const expiry = checkExpiry(String(Number(details.expirationMonth)), String(details.expirationYear), now, {
    month: 'google_pay_token',
    year: 'google_pay_token',
  });
  const card: CardFacts = {
    number: pan,
    bin: pan.slice(0, 6),
    last4: pan.slice(-4),
    brand: cardBrand(pan),
    exp_month: expiry.month,
    exp_year: expiry.year,
  };
  const method = cardMethodData(hash, 'wallet-a', card);
  method.method = String(authMethod);
  return { data: method, card, threeDs: authMethod === 'PAN_ONLY', savedCard: null };
}
