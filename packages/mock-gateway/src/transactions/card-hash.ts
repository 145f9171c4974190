/**
 * `payment_method.hash`: HMAC-SHA-256 of the card number under a per-merchant secret that
 * never leaves the gateway (README, Security model). Stable for one card at one merchant, so
 * the merchant can spot a returning card; different across merchants; and, unlike a plain
 * SHA-256, not brute-forceable from the masked 6+4 digits sent beside it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { findMerchant, type GatewayContext } from '../context';

/** Generated secrets of merchants whose fixture sets none, per gateway. */
const generated = new WeakMap<GatewayContext, Map<string, string>>();

function secretOf(ctx: GatewayContext, merchantId: string): string {
  const configured = findMerchant(ctx, merchantId)?.card_hash_secret;
  if (configured) return configured;
  let secrets = generated.get(ctx);
  if (!secrets) generated.set(ctx, (secrets = new Map()));
  let secret = secrets.get(merchantId);
  if (!secret) secrets.set(merchantId, (secret = randomBytes(32).toString('hex')));
  return secret;
}

export function cardHash(ctx: GatewayContext, merchantId: string, cardNumber: string): string {
  return createHmac('sha256', secretOf(ctx, merchantId)).update(cardNumber).digest('hex');
}
