/**
 * The brand the gateway reports in payment_method.brand (VISA, CARTES_BANCAIRES, …), from
 * core's brand and co-badge tables. A co-badged card goes on the network the payment chose
 * (`payment_method.data.brand`, the shopper's choice in the card frame or on the hosted
 * page), else on the first network the card lists. The choice is the browser's word: it is
 * checked against the decrypted number, and a network the number does not have is a 422.
 */
import { detectCardNetworks, gatewayNetworkName } from '@payments/core';
import { invalid } from '../api-error';

export function cardBrand(number: string, chosen?: unknown): string | null {
  const networks = detectCardNetworks(number).map(gatewayNetworkName);
  if (chosen === undefined) return networks[0] ?? null;
  if (typeof chosen !== 'string' || !networks.includes(chosen)) {
    throw invalid('payment_method.data.brand', `must be a network of this card: ${networks.join(', ') || 'none we know'}`, [String(chosen)]);
  }
  return chosen;
}
