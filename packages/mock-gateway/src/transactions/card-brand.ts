/** The brand name the gateway reports in payment_method.brand, from core's brand table. */
import { detectCardBrand } from '@payments/core';

export function cardBrand(number: string): string | null {
  return detectCardBrand(number)?.id.toUpperCase() ?? null;
}
