/**
 * Each card brand's name as shoppers know it, alone: what names a saved card ("Visa ending in
 * 0002") where nothing else of the brand table (prefixes, lengths, layouts: brands.ts) is
 * needed. The table takes its names from here.
 */
import type { CardBrandId } from './brands';

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

/** The name of a brand given by its id or as a gateway writes it (`VISA`), or undefined for one we do not know. */
export function cardBrandName(brand: string | null | undefined): string | undefined {
  const id = (brand ?? '').toLowerCase();
  return Object.hasOwn(CARD_BRAND_NAMES, id) ? CARD_BRAND_NAMES[id as CardBrandId] : undefined;
}
