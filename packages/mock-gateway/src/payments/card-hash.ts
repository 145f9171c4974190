/**
 * `payment_method.hash`: HMAC-SHA-256 of the card number under a per-merchant secret that
 * never leaves the gateway (README, Security model). Stable for one card at one merchant, so
 * the merchant can spot a returning card; different across merchants; and, unlike a plain
 * SHA-256, not brute-forceable from the masked 6+4 digits sent beside it. A merchant whose
 * fixture sets no secret gets one generated once and kept in the store, so the hash survives
 * restarts and is the same on every replica.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { findMerchant, type GatewayContext } from '../context';
import { createdOnce } from '../store/settings';

/** The function that hashes card numbers for this merchant. */
export async function cardHasher(ctx: GatewayContext, merchantId: string): Promise<(cardNumber: string) => string> {
  const secret =
    findMerchant(ctx, merchantId)?.card_hash_secret ||
    (await createdOnce(ctx.store, `card-hash-secret:${merchantId}`, () => randomBytes(32).toString('hex')));
  return (cardNumber) => createHmac('sha256', secret).update(cardNumber).digest('hex');
}
