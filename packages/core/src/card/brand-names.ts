/**
 * Each card brand's name as shoppers know it, alone: what names a saved card ("Visa ending in
 * 0002") where nothing else of the brand table (prefixes, lengths, layouts: brands.ts) is
 * needed. The table takes its names from here.
 */
import type { CardBrandId } from './brands';
import type { CardNetworkId } from './co-badged';

export const CARD_BRAND_NAMES: Readonly<Record<CardBrandId, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** Every network's name: the brands' and the domestic schemes' (co-badged.ts). */
export const CARD_NETWORK_NAMES: Readonly<Record<CardNetworkId, string>> = {
  ...CARD_BRAND_NAMES,
  cartes_bancaires: 'Cartes Bancaires',
};

/** The name of a brand or network given by its id or as a gateway writes it (`VISA`, `CARTES_BANCAIRES`), or undefined for one we do not know. */
export function cardBrandName(brand: string | null | undefined): string | undefined {
  const id = (brand ?? '').toLowerCase();
  return Object.hasOwn(CARD_NETWORK_NAMES, id) ? CARD_NETWORK_NAMES[id as CardNetworkId] : undefined;
}
