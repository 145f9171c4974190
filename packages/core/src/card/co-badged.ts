/**
 * Co-badged cards: numbers that carry a domestic network beside an international brand
 * (Cartes Bancaires with Visa or Mastercard). In the EEA the shopper chooses the network
 * (EU regulation 2015/751, article 8), so the card frame, the hosted page and the gateway need
 * every network of a number (`detectCardNetworks`) and one rule for which is chosen
 * (`chooseCardNetwork`). A real gateway asks its BIN table; the mock's table is the test
 * cards' ranges (test-cards.ts).
 *
 * On the keystroke path: the card frame asks about the same number many times per key
 * (brands.ts), so an answer is remembered and every answer is a shared frozen array.
 */
import { detectCardBrand, type CardBrandId } from './brands';

/** A network a card can be paid on: a brand of the prefix table, or a domestic scheme. */
export type CardNetworkId = CardBrandId | 'cartes_bancaires';

/** The domestic schemes, which no prefix names: they show only as co-badges. */
export const DOMESTIC_NETWORK_IDS: readonly CardNetworkId[] = ['cartes_bancaires'];

/** An 8-digit BIN range and its networks, in the order the card lists them. */
export interface CoBadgedRange {
  readonly prefix: string;
  readonly networks: readonly CardNetworkId[];
}

/** The co-badged ranges: those of the two co-badged test cards (4000 0025 …, 5555 5525 …). */
export const CO_BADGED_RANGES: readonly CoBadgedRange[] = [
  { prefix: '40000025', networks: Object.freeze(['cartes_bancaires', 'visa']) },
  { prefix: '55555525', networks: Object.freeze(['cartes_bancaires', 'mastercard']) },
];

const NO_NETWORKS: readonly CardNetworkId[] = Object.freeze([]);
/** One frozen one-network answer per brand, made once. */
const SINGLE = new Map<CardBrandId, readonly CardNetworkId[]>();

let lastText: string | undefined;
let lastNetworks: readonly CardNetworkId[] = NO_NETWORKS;

/**
 * Every network of a (partial) card number, in the order the card lists them; non-digits
 * are ignored. A co-badged number shows its networks from its eighth digit; before that, and
 * for any other number, the one brand detectCardBrand sees (none while it sees none).
 */
export function detectCardNetworks(cardNumber: string): readonly CardNetworkId[] {
  if (cardNumber === lastText) return lastNetworks;
  const brand = detectCardBrand(cardNumber);
  let networks: readonly CardNetworkId[] = NO_NETWORKS;
  if (brand) {
    networks = SINGLE.get(brand.id) ?? NO_NETWORKS;
    if (networks === NO_NETWORKS) SINGLE.set(brand.id, (networks = Object.freeze([brand.id])));
    // Only Visa and Mastercard numbers are co-badged here: any other brand skips the scan.
    if (brand.id === 'visa' || brand.id === 'mastercard') {
      for (const range of CO_BADGED_RANGES) {
        if (startsWithDigits(cardNumber, range.prefix)) networks = range.networks;
      }
    }
  }
  lastText = cardNumber;
  lastNetworks = networks;
  return networks;
}

/** Whether the digits of `text` (whatever lies between them) begin with `prefix`. */
function startsWithDigits(text: string, prefix: string): boolean {
  let d = 0;
  for (let i = 0; i < text.length && d < prefix.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) continue;
    if (code !== prefix.charCodeAt(d)) return false;
    d += 1;
  }
  return d === prefix.length;
}

/** Whether a number has more than one network: the shopper then chooses. */
export function isCoBadged(networks: readonly string[]): boolean {
  return networks.length > 1;
}

/**
 * The network a payment goes on: the shopper's choice when the card has it, else the first
 * of the merchant's preferred networks that the card has, else the first the card lists
 * (undefined for no network).
 */
export function chooseCardNetwork(
  networks: readonly string[],
  { chosen, preferred = [] }: { chosen?: string | null | undefined; preferred?: readonly string[] | undefined } = {},
): string | undefined {
  if (chosen && networks.includes(chosen)) return chosen;
  return preferred.find((network) => networks.includes(network)) ?? networks[0];
}

/** A network as the gateway writes it (`CARTES_BANCAIRES`), from its id (`cartes_bancaires`). */
export function gatewayNetworkName(network: string): string {
  return network.toUpperCase();
}
